package com.shopstream.benchmarks.suite;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Options of {@code benchmarks suite}.
 *
 * @param orders      orders of the generated backlog (duplicates and payments come on top)
 * @param targets     which runs to drain, in this order: services ({@code orders}, {@code orders-5m},
 *                    {@code orders-10m-every-5m}, {@code orders-5m-by-customer}, {@code sessions}, {@code join},
 *                    {@code dedup}, {@code dedup-pairs}, {@code dedup-by-id}, {@code payments}), their plain Kafka
 *                    Streams baselines ({@code plain} for the orders runs, {@code plain-sessions}, {@code plain-join},
 *                    {@code plain-dedup}, {@code plain-payments}), the floor under them all ({@code plain-read}: the
 *                    orders read as bytes, nothing else), the write floors ({@code plain-keep}: each order kept in a
 *                    changelogged store; {@code plain-keep-copy}: kept and copied out) and the Spark peer's runs
 *                    ({@code spark-5m}, {@code spark-10m-every-5m}, {@code spark-5m-by-customer},
 *                    {@code spark-sessions}, {@code spark-join}, {@code spark-dedup-by-id}, {@code spark-dedup};
 *                    skipped with a note when the peer is not built)
 * @param liveRate    orders per second of the live latency run; 0 skips it
 * @param liveWarmUp  how long the live run sends before its latencies count (the JIT's warm-up)
 * @param bootstrap   a running broker to use; {@code null} starts local-kafka in the work directory
 * @param jvmOptions  the JVM options of every measured process (services, baselines, ConsumerPerformance, the Spark
 *                    peer, which adds the module openings Spark needs)
 * @param jfr         record a JFR profile of every drain (in {@code <work-dir>/jfr})
 * @param streamsProperties {@code key=value} Kafka Streams settings given to the baseline and every service alike
 * @param instances   processes of each service run, in one consumer group (the baselines and Spark stay one process)
 * @param keepData    keep the broker's data, the state directories and Spark's checkpoints in the work directory
 *                    after the run (else only the logs and JFR files stay: a run of 5,000,000 orders leaves GBs)
 * @param rounds      how many times to make the runs, on the same broker, every other round in the reverse order (on
 *                    one broker the later of two runs often measures faster, whichever it is); from 2, each service
 *                    is compared with its baseline and its Spark run in every round: the minimum and median ratio
 */
public record SuiteOptions(long orders, long seed, int customers, List<String> targets, long liveRate, Duration liveWarmUp, Duration liveDuration,
                           String bootstrap, Path workDir, List<String> jvmOptions, boolean jfr, int partitions,
                           List<String> streamsProperties, int instances, boolean keepData,
                           int rounds) {

    public static final List<String> ALL_TARGETS =
            List.of("plain", "plain-read", "plain-keep", "plain-keep-copy", "orders", "orders-5m-unbatched",
                    "orders-5m-uncombined", "orders-5m",
                    "orders-10m-every-5m", "orders-5m-by-customer-unbatched", "orders-5m-by-customer-uncombined",
                    "orders-5m-by-customer",
                    "plain-sessions", "sessions-unbatched", "sessions", "sessions-append", "plain-join",
                    "join-unbatched", "join", "plain-dedup", "dedup", "dedup-pairs", "dedup-by-id", "plain-payments",
                    "payments", "spark-5m", "spark-10m-every-5m", "spark-5m-by-customer", "spark-sessions",
                    "spark-join", "spark-dedup-by-id", "spark-dedup");
    public static final String DEFAULT_JVM = "-Xmx512m -XX:+UseSerialGC";
    /**
     * Distinct customers of the generated backlog. The generator writes 100 orders per second of event time: with
     * 30,000 customers one orders every 5 minutes on average, so with the contract's 3-minute gap sessions close and
     * merge, as in a shop. With the earlier 1,000 (one order per customer every 10 seconds) no session ever closed:
     * the sessions query wrote no final row and kept 1,000 sessions growing, which flattered it.
     */
    public static final int DEFAULT_CUSTOMERS = 30_000;
    /**
     * None: Kafka Streams' defaults. With per-partition watermarks what is late no longer depends on how a backlog's
     * partitions are read, so no fetch size has to keep them in step (the previous default, 64 KiB per partition, did
     * that for the old max policy).
     */
    public static final String DEFAULT_STREAMS_PROPERTIES = "none";

    public SuiteOptions {
        for (String target : targets) {
            if (!ALL_TARGETS.contains(target)) {
                throw new IllegalArgumentException("unknown run " + target + " (" + String.join(", ", ALL_TARGETS)
                        + ")");
            }
        }
        for (String property : streamsProperties) {
            if (!property.matches("[^=]+=.*")) {
                throw new IllegalArgumentException("a streams property is key=value: " + property);
            }
        }
        if (orders <= 0 || customers <= 0 || liveRate < 0 || partitions <= 0 || instances <= 0 || rounds <= 0) {
            throw new IllegalArgumentException("--orders, --customers, --partitions, --instances and --rounds must be "
                    + "positive, --live-rate at least 0");
        }
    }

    /** The streams properties as a service's command-line arguments ({@code --spring.kafka.streams.properties.k=v}). */
    public List<String> streamsArguments() {
        return streamsProperties.stream().map(property -> "--spring.kafka.streams.properties." + property).toList();
    }
}
