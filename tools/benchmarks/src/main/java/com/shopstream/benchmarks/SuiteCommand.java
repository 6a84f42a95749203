package com.shopstream.benchmarks;

import com.shopstream.benchmarks.suite.SuiteBenchmark;
import com.shopstream.benchmarks.suite.SuiteOptions;
import com.shopstream.harness.Repository;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code suite}: {@link SuiteBenchmark}, every service and its plain Kafka Streams baseline on a real broker. */
@Command(name = "suite", mixinStandardHelpOptions = true,
        description = "Drains a generated backlog with every service and its plain Kafka Streams baseline on a real "
                + "broker, then a live latency run (see BENCHMARKS.md).")
final class SuiteCommand implements Callable<Integer> {

    @ParentCommand
    private Benchmarks benchmarks;

    @Spec
    private CommandSpec spec;

    @Option(names = "--orders", paramLabel = "N", defaultValue = "2000000",
            description = "orders of the generated backlog (default: ${DEFAULT-VALUE})")
    private long orders;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42",
            description = "the generator's seed (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--customers", paramLabel = "N", defaultValue = "" + SuiteOptions.DEFAULT_CUSTOMERS,
            description = "distinct customers of the generated backlog; sessions close only when each customer's "
                    + "orders are further apart than the gap: 1,000 customers at the generator's rate never do; the "
                    + "live run keeps the generator's 1,000 (default: ${DEFAULT-VALUE})")
    private int customers;

    // SuiteOptions.ALL_TARGETS is a list, not the constant an annotation needs: the field's value is the default
    @Option(names = "--runs", paramLabel = "RUN,...",
            description = "which runs to make, in this order; the spark-* runs need the Spark peer built (mvn -B "
                    + "-Ppeers -pl tools/spark-peer package) and are skipped without it (default: ${DEFAULT-VALUE})")
    private String runs = String.join(",", SuiteOptions.ALL_TARGETS);

    @Option(names = "--live-rate", paramLabel = "ORDERS/S", defaultValue = "20000",
            description = "orders per second of the live latency run, 0: no live run (default: ${DEFAULT-VALUE})")
    private long liveRate;

    @Option(names = "--live-warmup", paramLabel = "SECONDS", defaultValue = "20",
            description = "how long the live run sends before its latencies count (default: ${DEFAULT-VALUE})")
    private long liveWarmUpSeconds;

    @Option(names = "--live-seconds", paramLabel = "SECONDS", defaultValue = "60",
            description = "how long the live run's latencies are measured (default: ${DEFAULT-VALUE})")
    private long liveSeconds;

    @Option(names = "--bootstrap", paramLabel = "HOST:PORT",
            description = "a running broker to use (default: start local-kafka in the work directory)")
    private String bootstrap;

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "logs, state directories, the broker's data, JFR files "
                    + "(default: run/benchmarks/<yyyyMMdd-HHmmss> in the repository)")
    private Path workDir;

    @Option(names = "--jvm", paramLabel = "OPTIONS", defaultValue = SuiteOptions.DEFAULT_JVM,
            description = "JVM options of every measured process, separated by spaces (default: ${DEFAULT-VALUE})")
    private String jvm;

    @Option(names = "--jfr", description = "record a JFR profile of every drain into <work-dir>/jfr")
    private boolean jfr;

    @Option(names = "--partitions", paramLabel = "N", defaultValue = "3",
            description = "partitions of the backlog's topics (default: ${DEFAULT-VALUE})")
    private int partitions;

    @Option(names = "--streams-properties", paramLabel = "KEY=VALUE,...|none",
            defaultValue = SuiteOptions.DEFAULT_STREAMS_PROPERTIES,
            description = "Kafka Streams settings of the baseline and every service alike (default: ${DEFAULT-VALUE})")
    private String streamsProperties;

    @Option(names = "--instances", paramLabel = "N", defaultValue = "1",
            description = "processes of each service run, in one consumer group; baselines and Spark stay one "
                    + "(default: ${DEFAULT-VALUE})")
    private int instances;

    @Option(names = "--keep-data", description = "keep the broker's data, the state directories and Spark's "
            + "checkpoints in the work directory (default: deleted at the end; logs and JFR files stay)")
    private boolean keepData;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "1",
            description = "make the runs N times on the same broker, every other round in the reverse order (on one "
                    + "broker the later of two runs often measures faster, whichever it is); from 2, print each "
                    + "service against its baseline and its Spark run in every round, and against Spark the minimum "
                    + "and median over the rounds (default: ${DEFAULT-VALUE})")
    private int rounds;

    @Option(names = "--both-orders", description = "--rounds 2")
    private boolean bothOrders;

    @Override
    public Integer call() throws Exception {
        SuiteBenchmark.run(options(), benchmarks.out());
        return 0;
    }

    SuiteOptions options() {
        // the repository is looked for only when a run needs its directory, not to parse a command line
        Path dir = workDir != null ? workDir : Repository.root().resolve("run").resolve("benchmarks")
                .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            return new SuiteOptions(orders, seed, customers, List.of(runs.split(",")), liveRate,
                    Duration.ofSeconds(liveWarmUpSeconds), Duration.ofSeconds(liveSeconds), bootstrap,
                    dir.toAbsolutePath(), List.of(jvm.trim().split("\\s+")), jfr, partitions,
                    Benchmarks.streamsProperties(streamsProperties), instances, keepData,
                    bothOrders ? Math.max(2, rounds) : rounds);
        } catch (IllegalArgumentException e) {
            // an unknown run, a property without '=', a count out of range: the command line is wrong
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }
}
