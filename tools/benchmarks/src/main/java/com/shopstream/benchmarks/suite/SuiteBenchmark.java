package com.shopstream.benchmarks.suite;

import com.shopstream.harness.BrokerProcess;
import com.shopstream.simulator.GeneratorSettings;
import java.io.PrintStream;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code benchmarks suite}: every service against the engine's own ceiling, side by side, in one run on one broker.
 * Loads a seeded generated backlog once; measures Kafka's ConsumerPerformance on it (the ceiling), then drains it with
 * each service, each service's plain Kafka Streams baseline and the Spark peer's runs of the same queries, one at a
 * time, each a process of its own; then the live latency of orders-service's update mode. Prints one table (with
 * {@code --rounds N}: the runs N times, every other round in reverse, a table per round, each comparison in every
 * round, and against Spark the minimum and median over the rounds).
 */
public final class SuiteBenchmark {

    private static final Logger LOG = LoggerFactory.getLogger(SuiteBenchmark.class);
    private static final Duration DRAIN_TIMEOUT = Duration.ofMinutes(30);
    private static final long LOWEST_LIVE_RATE = 2_500;

    private SuiteBenchmark() {
    }

    public static void run(SuiteOptions options, PrintStream out) throws Exception {
        RunData runData = RunData.before(options.workDir());
        Files.createDirectories(options.workDir().resolve("jfr"));
        String tag = Long.toString(System.currentTimeMillis(), 36);
        BrokerProcess broker = null;
        try {
            String bootstrap = options.bootstrap();
            if (bootstrap == null) {
                LOG.info("starting local-kafka in {}", options.workDir());
                broker = BrokerProcess.of(options.workDir(), options.partitions()).startReady();
                bootstrap = broker.bootstrap();
            }
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                measure(options, out, tag, broker, bootstrap, admin);
            }
        } finally {
            if (broker != null) {
                broker.stop(Duration.ofMinutes(1));   // throws if it did not stop: then nothing is deleted
            }
            if (!options.keepData()) {
                runData.delete(broker != null);
            }
        }
    }

    private static void measure(SuiteOptions options, PrintStream out, String tag, BrokerProcess broker,
                                String bootstrap, Admin admin) throws Exception {
        GeneratorSettings settings = GeneratorSettings.defaults(options.seed(), options.orders())
                .withCustomers(options.customers());
        BenchTopics topics = BenchTopics.of(options.seed(), options.orders(), options.customers());
        LOG.info("loading {} orders (seed {}) into {}", options.orders(), options.seed(), topics.inputs());
        LoadedStream stream = new StreamLoader(admin, bootstrap, options.partitions()).load(settings, topics);
        out.printf("Shopstream suite benchmark, %s; %d cores, Java %s%n", Instant.now(),
                Runtime.getRuntime().availableProcessors(), Runtime.version());
        out.printf("backlog: %,d orders of %,d customers generated (seed %d): %,d order records (10 %% duplicates, "
                        + "1 %% very late), %,d payments, %d partitions; %s%n", options.orders(), options.customers(),
                options.seed(), stream.orders(),
                stream.payments(), options.partitions(), stream.reused() ? "already on the broker"
                        : String.format("loaded in %.1f s", stream.loadSeconds()));
        out.printf("every measured JVM: %s; Kafka Streams settings given to all: %s; broker: %s%n",
                String.join(" ", options.jvmOptions()), options.streamsProperties().isEmpty() ? "none"
                        : String.join(", ", options.streamsProperties()),
                broker == null ? bootstrap : "local-kafka started by this run");

        LOG.info("ceiling: ConsumerPerformance on {}", topics.orders());
        CeilingResult ceiling = new CeilingRun(bootstrap, options.workDir(), options.jvmOptions())
                .measure(topics.orders(), stream.orders(), "consumer-perf-" + tag);

        DrainRun drainRun = new DrainRun(admin, bootstrap, broker, DRAIN_TIMEOUT);
        if (broker != null) {
            warmUp(options, out, tag, topics, bootstrap, drainRun);
        }
        // looked for once: every round makes the same runs
        boolean sparkBuilt = SparkTarget.classPath().isPresent();
        Passes passes = new Passes(options, topics, bootstrap, drainRun, new SparkRun(broker), sparkBuilt);
        List<String> backwards = new ArrayList<>(options.targets());
        Collections.reverse(backwards);
        List<Pass> rounds = new ArrayList<>();
        for (int round = 0; round < options.rounds(); round++) {
            // a tag of its own: new consumer groups and application ids, so each round reads the whole backlog
            rounds.add(passes.drainEach(round % 2 == 0 ? options.targets() : backwards,
                    round == 0 ? tag : tag + "-round-" + (round + 1)));
        }
        Pass given = rounds.get(0);

        List<LiveResult> live = new ArrayList<>();
        if (options.liveRate() > 0) {
            LiveLatencyRun liveRun = new LiveLatencyRun(admin, bootstrap, options.workDir(), options.jvmOptions(),
                    options.partitions(), options.streamsArguments());
            long rate = options.liveRate();
            while (true) {
                LOG.info("live: {} orders/s for {}", rate, options.liveDuration());
                LiveResult result = liveRun.measure(rate, options.liveWarmUp(), options.liveDuration(), options.seed(),
                        tag + "-" + rate);
                live.add(result);
                // lower the rate only when the machine could not sustain it, as the issue asks
                if (!result.couldNotKeepUp() || rate / 2 < LOWEST_LIVE_RATE) {
                    break;
                }
                rate /= 2;
            }
        }

        out.println();
        for (int round = 0; round < rounds.size(); round++) {
            if (round > 0) {
                out.printf("%nRound %d: the same runs %s:%n%n", round + 1,
                        round % 2 == 0 ? "again, in the given order" : "again, in the reverse order");
            }
            ResultTable.drains(out, ceiling, rounds.get(round).drains());
            rounds.get(round).failed().forEach(failure -> out.printf("%nfailed: %s%n", failure));
        }
        if (rounds.size() > 1) {
            out.printf("%nEach comparison in every round (ratios above 1: the run is faster, or cheaper per record, "
                    + "than the one it is compared with):%n%n");
            ResultTable.rounds(out, rounds.stream().map(Pass::drains).toList());
            out.printf("%nAgainst Spark, over the %d rounds:%n%n", rounds.size());
            ResultTable.againstSpark(out, rounds.stream().map(Pass::drains).toList());
        }
        if (!given.skipped().isEmpty()) {
            out.printf("%nnot run: %s — the Spark peer is not built (%s, then run the suite again)%n",
                    String.join(", ", given.skipped()), SparkTarget.BUILD);
        }
        if (!live.isEmpty()) {
            out.println();
            ResultTable.live(out, live);
        }
        out.printf("%nlogs: %s%n", options.workDir().resolve("logs"));
    }

    /** The drains of one pass over the runs, in the order made; the Spark runs skipped or failed. */
    private record Pass(List<DrainResult> drains, List<String> skipped, List<String> failed) {
    }

    /** Makes the passes over the runs, each on the same broker and backlog. */
    private record Passes(SuiteOptions options, BenchTopics topics, String bootstrap, DrainRun drainRun,
                          SparkRun sparkRun, boolean sparkBuilt) {

        Pass drainEach(List<String> runs, String tag) throws Exception {
            List<DrainResult> drains = new ArrayList<>();
            List<String> skipped = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (String run : runs) {
                DrainResult result;
                if (SuiteTargets.isSpark(run)) {
                    if (!sparkBuilt) {
                        skipped.add(run);
                        continue;
                    }
                    SparkTarget target = SuiteTargets.spark(run, options, topics, bootstrap, tag);
                    LOG.info("running {}", target.name());
                    try {
                        result = sparkRun.measure(target);
                    } catch (SparkRun.Failed | IllegalStateException | java.io.UncheckedIOException e) {
                        // the peer's failure is a finding, not the end of the run
                        LOG.warn("{}", e.getMessage());
                        failed.add(run + ": " + e.getMessage());
                        continue;
                    }
                } else {
                    DrainTarget target = SuiteTargets.drain(run, options, topics, bootstrap, tag,
                            options.jvmOptions());
                    LOG.info("draining with {}", target.name());
                    // counting the output costs the idle timeout: only when its Spark run is there to compare with
                    boolean compared = target.sparkRun() != null && sparkBuilt
                            && options.targets().contains(target.sparkRun());
                    result = drainRun.measure(target, compared);
                }
                LOG.info("{}: {} records in {} s", result.name(), result.whole().records(),
                        result.whole().seconds());
                drains.add(result);
            }
            return new Pass(List.copyOf(drains), List.copyOf(skipped), List.copyOf(failed));
        }
    }

    /**
     * One unmeasured drain of the whole backlog by the first run that is not Spark's (a service or a baseline), so that
     * no measured run pays for the fresh broker's warm-up (its JIT compiling the transactional produce and fetch paths
     * took a third of both cores in the first drain, whichever run that was, and none of the later ones). It makes
     * the suite one drain longer. Not {@code plain-read}: it produces nothing, so it would not warm the produce path.
     */
    private static void warmUp(SuiteOptions options, PrintStream out, String tag, BenchTopics topics,
                               String bootstrap, DrainRun drainRun) throws Exception {
        for (String run : options.targets()) {
            if (!SuiteTargets.isSpark(run) && !run.equals(SuiteTargets.FLOOR)) {
                DrainTarget target = SuiteTargets.drain(run, options, topics, bootstrap, "warm-up-" + tag,
                        options.jvmOptions());
                LOG.info("warming the broker up with an unmeasured drain of {}", target.name());
                DrainResult result = drainRun.measure(target, false);
                out.printf("broker warmed up by an unmeasured drain of %s (%.1f s, broker CPU %.1f s)%n",
                        result.name(), result.whole().seconds(), result.whole().brokerCpuSeconds());
                return;
            }
        }
    }
}
