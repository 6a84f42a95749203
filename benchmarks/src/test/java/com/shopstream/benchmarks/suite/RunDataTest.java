package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunDataTest {

    @TempDir
    Path workDir;

    @Test
    void theBrokersDataTheStateAndSparksCheckpointsGoTheLogsAndProfilesStay() throws IOException {
        write("kafka/bench-42-5000000-orders-0/00000000000000000000.log");
        write("state/orders-service-abc/0_1/rocksdb/LOCK");
        write("spark/checkpoint/offsets/0");
        write("logs/orders-service.log");
        write("jfr/orders-service.jfr");

        RunData.delete(workDir);

        try (Stream<Path> left = Files.list(workDir)) {
            assertThat(left.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("logs", "jfr");
        }
        assertThat(workDir.resolve("logs/orders-service.log")).exists();
    }

    @Test
    void aWorkDirectoryWithoutThemIsLeftAsItIs() throws IOException {
        write("logs/orders-service.log");

        RunData.delete(workDir);

        assertThat(workDir.resolve("logs/orders-service.log")).exists();
    }

    private void write(String file) throws IOException {
        Path path = workDir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, file);
    }
}
