package com.shopstream.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code state}: {@link StateCost}, what an allowed lateness costs in state, in a TopologyTestDriver. */
@Command(name = "state", mixinStandardHelpOptions = true,
        description = "State rows of the windows and sessions with and without an allowed lateness (no broker).")
final class StateCostCommand implements Callable<Integer> {

    @ParentCommand
    private Benchmarks benchmarks;

    @Option(names = "--orders", paramLabel = "N", defaultValue = "300000",
            description = "orders of the generated stream (default: ${DEFAULT-VALUE})")
    private long orders;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42",
            description = "the generator's seed (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--lateness", paramLabel = "DURATION", split = ",", defaultValue = "PT0S,PT2M,PT10M,PT1H",
            description = "allowed lateness to compare, ISO-8601 (default: ${DEFAULT-VALUE})")
    private List<Duration> lateness;

    @Override
    public Integer call() throws Exception {
        StateCost.run(orders, seed, lateness, benchmarks.out());
        return 0;
    }
}
