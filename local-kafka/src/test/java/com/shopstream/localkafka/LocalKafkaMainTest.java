package com.shopstream.localkafka;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The command as users run it: its own JVM, its output, and how it ends. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LocalKafkaMainTest {

    @TempDir
    Path tempDir;

    @Test
    void printsReadyThenStopsCleanlyOnSigterm() throws Exception {
        Path dataDir = tempDir.resolve("data");
        try (CommandProcess command = CommandProcess.start(tempDir.resolve("stderr.txt"), "--port", "0",
                "--controller-port", "0", "--data-dir", dataDir.toString(), "--partitions", "1")) {
            String ready = command.awaitLine("local-kafka ready: ", 90);
            assertThat(ready).matches("local-kafka ready: bootstrap=127\\.0\\.0\\.1:\\d+ data="
                    + quote(dataDir.toAbsolutePath()) + " topics=" + ContractTopics.names().size()
                    + " partitions=1 \\(started in \\d+\\.\\d s\\)");

            command.stop();
            assertThat(command.process().waitFor(60, TimeUnit.SECONDS)).as("stopped within 60 s").isTrue();

            assertThat(command.process().exitValue()).as("exit code; stderr: %s", command.stderr()).isZero();
            assertThat(command.rest()).containsExactly("local-kafka stopped: data kept in " + dataDir.toAbsolutePath());
        }
    }

    @Test
    void aBadOptionExitsWithUsageErrorBeforeStartingAnything() throws Exception {
        try (CommandProcess command = CommandProcess.start(tempDir.resolve("stderr.txt"), "--partitions", "many")) {
            assertThat(command.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(command.process().exitValue()).isEqualTo(2);
            assertThat(command.rest()).isEmpty();
            assertThat(command.stderr())
                    .startsWith("local-kafka: --partitions must be a whole number between 1 and 1000, got 'many'");
        }
    }

    static String quote(Path path) {
        return java.util.regex.Pattern.quote(path.toString());
    }
}
