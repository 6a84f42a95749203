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
    void theBrokersDataTheStateAndSparksCheckpointsOfTheRunGoTheLogsAndProfilesStay() throws IOException {
        RunData runData = RunData.before(workDir);
        write("kafka/bench-42-5000000-orders-0/00000000000000000000.log");
        write("state/orders-service-abc/0_1/rocksdb/LOCK");
        write("spark/checkpoint/offsets/0");
        write("logs/orders-service.log");
        write("jfr/orders-service.jfr");

        runData.delete(true);

        try (Stream<Path> left = Files.list(workDir)) {
            assertThat(left.map(path -> path.getFileName().toString())).containsExactlyInAnyOrder("logs", "jfr");
        }
        assertThat(workDir.resolve("logs/orders-service.log")).exists();
    }

    @Test
    void whatWasThereBeforeTheRunStays() throws IOException {
        // a work directory shared with local-kafka --data-dir <dir>/kafka, or a run kept with --keep-data
        write("kafka/meta.properties");
        write("state/kept/LOCK");
        RunData runData = RunData.before(workDir);
        write("state/kept/more");
        write("spark/checkpoint/offsets/0");

        runData.delete(true);

        assertThat(workDir.resolve("kafka/meta.properties")).exists();
        assertThat(workDir.resolve("state/kept/more")).exists();
        assertThat(workDir.resolve("spark")).doesNotExist();
    }

    @Test
    void theBrokersDataStaysWhenTheRunDidNotStopItsBroker() throws IOException {
        // --bootstrap: a broker of its own; or a broker that started too slowly and may still be running
        RunData runData = RunData.before(workDir);
        write("kafka/meta.properties");

        runData.delete(false);

        assertThat(workDir.resolve("kafka/meta.properties")).exists();
    }

    private void write(String file) throws IOException {
        Path path = workDir.resolve(file);
        Files.createDirectories(path.getParent());
        Files.writeString(path, file);
    }
}
