package com.shopstream.benchmarks.suite;

import com.shopstream.harness.JavaProcess;
import com.shopstream.harness.Repository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The ceiling: Kafka's own {@code org.apache.kafka.tools.ConsumerPerformance} reading the whole orders topic from the
 * beginning, in a process started like the services ({@code benchmarks.jar consumer-perf}), read_committed like
 * them. No deserialisation, no processing, no commits: the most records per second this broker can hand a consumer
 * on this machine.
 */
record CeilingRun(String bootstrap, Path workDir, List<String> jvmOptions) {

    CeilingResult measure(String topic, long records, String group) throws Exception {
        Path config = workDir.resolve("consumer-perf.properties");
        Files.createDirectories(workDir);
        Files.writeString(config, "isolation.level=read_committed\n");
        Path log = workDir.resolve("logs").resolve(group + ".log");
        JavaProcess process = new JavaProcess(group, Repository.jar("benchmarks"), jvmOptions, List.of(
                "consumer-perf", "--bootstrap-server", bootstrap, "--topic", topic,
                "--messages", Long.toString(records), "--group", group, "--timeout", "60000",
                "--consumer.config", config.toString()), log).start();
        try {
            int exit = process.awaitExit(Duration.ofMinutes(30));
            if (exit != 0) {
                throw new IllegalStateException("ConsumerPerformance failed (" + exit + "): see " + log);
            }
        } finally {
            process.close();
        }
        Map<String, String> summary = ConsumerPerformanceOutput.parse(Files.readAllLines(log));
        long consumed = Long.parseLong(summary.get("data.consumed.in.nMsg"));
        double fetchSeconds = Double.parseDouble(summary.get("fetch.time.ms")) / 1000;
        return new CeilingResult(consumed, fetchSeconds, Double.parseDouble(summary.get("fetch.MB.sec")));
    }
}
