package com.shopstream.benchmarks.suite;

import com.shopstream.harness.JavaProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;

/**
 * Runs one query of the Spark peer over the whole backlog ({@code Trigger.AvailableNow}: it ends by itself) and makes
 * a row of it. Spark keeps its offsets in its checkpoint, not in a consumer group, so its figures are its own (from the
 * query's start to its end); the broker's CPU is sampled around the process.
 */
final class SparkRun {

    private static final Duration TIMEOUT = Duration.ofMinutes(30);

    /** The peer ended without its result line (it ran out of memory, say). */
    static final class Failed extends Exception {
        Failed(String message) {
            super(message);
        }
    }

    private final JavaProcess broker;

    /** @param broker the broker this run started (its CPU is reported too), or {@code null} */
    SparkRun(JavaProcess broker) {
        this.broker = broker;
    }

    DrainResult measure(SparkTarget target) throws Failed, IOException {
        double brokerBefore = broker == null ? 0 : broker.cpuSeconds();
        try (JavaProcess process = target.start()) {
            int exit;
            try {
                exit = process.awaitExit(TIMEOUT);
            } catch (IllegalStateException e) {
                throw new Failed(e.getMessage());   // closing the process kills it
            }
            List<String> results = Files.readAllLines(process.log()).stream()
                    .filter(line -> line.startsWith(SparkResult.PREFIX)).toList();
            if (exit != 0 || results.isEmpty()) {
                String cause = Files.readAllLines(process.log()).stream()
                        .filter(line -> line.contains("Exception in thread") || line.startsWith("Caused by")
                                || line.startsWith("java.lang.") || line.contains(" ERROR "))
                        .findFirst().orElse("no error line");
                throw new Failed(target.name() + " exited with " + exit + " (" + cause + "): see " + process.log());
            }
            SparkResult result = SparkResult.parse(results.get(results.size() - 1));
            double brokerCpu = broker == null ? 0 : broker.cpuSeconds() - brokerBefore;
            DrainInterval whole = new DrainInterval(result.inputRows(), result.seconds(), result.cpuSeconds(),
                    result.jitCpuSeconds(), brokerCpu);
            return new DrainResult(target.run(), null, target.name(), whole, null, broker != null,
                    result.peakRssMib(), -1, result.dropped(), null, result.outputRows());
        }
    }
}
