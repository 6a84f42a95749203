package com.shopstream.localkafka;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** The command as users run it: its own JVM, its output, and how it ends. */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LocalKafkaMainTest {

    private static final String END_OF_OUTPUT = "\u0000end";

    @TempDir
    Path tempDir;

    private Process process;

    @AfterEach
    void killLeftovers() {
        if (process != null && process.isAlive()) {
            process.destroyForcibly();
        }
    }

    @Test
    void printsReadyThenStopsCleanlyOnSigterm() throws Exception {
        Path dataDir = tempDir.resolve("data");
        BlockingQueue<String> stdout = start("--port", "0", "--controller-port", "0", "--data-dir", dataDir.toString(),
                "--partitions", "1");

        String ready = awaitLine(stdout, "local-kafka ready: ", 90);
        assertThat(ready).matches("local-kafka ready: bootstrap=127\\.0\\.0\\.1:\\d+ data=" + quote(dataDir.toAbsolutePath())
                + " topics=23 partitions=1 \\(started in \\d+\\.\\d s\\)");

        // SIGTERM, as Process.destroy() sends, but without closing our end of stdout before the last line arrives
        process.toHandle().destroy();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("stopped within 60 s").isTrue();

        assertThat(process.exitValue()).as("exit code; stderr: %s", stderr()).isZero();
        assertThat(rest(stdout)).containsExactly("local-kafka stopped: data kept in " + dataDir.toAbsolutePath());
    }

    @Test
    void aBadOptionExitsWithUsageErrorBeforeStartingAnything() throws Exception {
        BlockingQueue<String> stdout = start("--partitions", "many");

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(rest(stdout)).isEmpty();
        assertThat(stderr()).startsWith("local-kafka: --partitions must be a whole number between 1 and 1000, got 'many'");
    }

    /** Starts the command with the test class path; the returned queue gets its stdout lines, then an end mark. */
    private BlockingQueue<String> start(String... args) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"),
                LocalKafka.class.getName()));
        command.addAll(List.of(args));
        process = new ProcessBuilder(command).redirectError(tempDir.resolve("stderr.txt").toFile()).start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                in.lines().forEach(lines::add);
            } catch (IOException | RuntimeException e) {
                lines.add("(reading stdout failed: " + e + ")");
            } finally {
                lines.add(END_OF_OUTPUT);
            }
        }, "local-kafka-stdout");
        reader.setDaemon(true);
        reader.start();
        return lines;
    }

    private String awaitLine(BlockingQueue<String> lines, String prefix, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        List<String> seen = new ArrayList<>();
        while (true) {
            String line = lines.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null || line.equals(END_OF_OUTPUT)) {
                throw new AssertionError("no line starting with '" + prefix + "' within " + seconds + " s; stdout: "
                        + seen + "; stderr: " + stderr());
            }
            if (line.startsWith(prefix)) {
                return line;
            }
            seen.add(line);
        }
    }

    /** The remaining stdout lines, once the process has closed its output. */
    private static List<String> rest(BlockingQueue<String> lines) throws InterruptedException {
        List<String> rest = new ArrayList<>();
        for (String line = lines.poll(30, TimeUnit.SECONDS); line != null && !line.equals(END_OF_OUTPUT);
             line = lines.poll(30, TimeUnit.SECONDS)) {
            rest.add(line);
        }
        return rest;
    }

    private String stderr() throws IOException {
        Path file = tempDir.resolve("stderr.txt");
        return Files.exists(file) ? Files.readString(file) : "";
    }

    private static String quote(Path path) {
        return java.util.regex.Pattern.quote(path.toString());
    }
}
