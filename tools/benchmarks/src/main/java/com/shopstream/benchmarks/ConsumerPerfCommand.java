package com.shopstream.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.kafka.tools.ConsumerPerformance;
import picocli.CommandLine.Command;
import picocli.CommandLine.Unmatched;

/**
 * {@code consumer-perf}: Kafka's own ConsumerPerformance, from this jar so that the suite can start it like any other
 * measured process ({@code suite.CeilingRun}). No options of its own, not even {@code --help}: every argument is
 * ConsumerPerformance's ({@link Benchmarks#commandLine} has picocli stop at the first one).
 */
@Command(name = "consumer-perf", description = "Kafka's ConsumerPerformance with the given options (started by suite).")
final class ConsumerPerfCommand implements Callable<Integer> {

    @Unmatched
    private List<String> arguments = new ArrayList<>();

    @Override
    public Integer call() {
        ConsumerPerformance.main(arguments.toArray(String[]::new));
        return 0;
    }

    List<String> arguments() {
        return arguments;
    }
}
