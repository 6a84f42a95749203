package com.shopstream.benchmarks.suite;

import com.shopstream.benchmarks.baseline.BaselineTopics;
import com.shopstream.benchmarks.baseline.PlainQuery;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs of the suite benchmark, each on the loaded topics with an application id of this run: a plain Kafka
 * Streams baseline per service, and each service configured as the contract runs it, compared with its own baseline.
 * {@code orders-5m} is orders-service with only the query the {@code plain} baseline runs (5-minute tumbling, append
 * mode), the like-for-like comparison; {@code orders} runs the contract's two queries in both modes (both are compared
 * with {@code plain}); {@code orders-5m-by-customer} is the same window per customer, {@code orders-10m-every-5m}
 * a 10-minute window every 5 minutes over all orders (compared with Spark only); {@code sessions-append} is
 * session-service with its sessions in append mode only, Spark's session query. The Spark peer's runs
 * ({@code spark-...}) run the same queries in Spark; the runs of the same query name them and count their output rows.
 */
final class SuiteTargets {

    /** The floor under the baselines: reads and does nothing, so it warms no produce path. */
    static final String FLOOR = "plain-read";

    private SuiteTargets() {
    }

    /** The Spark peer's runs: {@code spark-...}, the same queries as the runs that name them as their Spark run. */
    static boolean isSpark(String run) {
        return run.startsWith("spark-");
    }

    static SparkTarget spark(String name, SuiteOptions options, BenchTopics topics, String bootstrap, String tag) {
        return switch (name) {
            case "spark-5m" -> peer(name, "spark: 5m window, all orders (append)", "window-5m", options, topics,
                    bootstrap, tag);
            case "spark-10m-every-5m" -> peer(name, "spark: 10m window every 5m, all orders (append)",
                    "window-10m-every-5m", options, topics, bootstrap, tag);
            case "spark-5m-by-customer" -> peer(name, "spark: 5m window per customer (append)",
                    "window-5m-by-customer", options, topics, bootstrap, tag);
            case "spark-sessions" -> peer(name, "spark: 3m session windows per customer (append)", "sessions",
                    options, topics, bootstrap, tag);
            case "spark-join" -> peer(name, "spark: interval join, left outer", "join", options, topics, bootstrap,
                    tag);
            case "spark-dedup" -> peer(name, "spark: dropDuplicates(order_id, order_ts)", "dedup", options, topics,
                    bootstrap, tag);
            case "spark-dedup-by-id" -> peer(name, "spark: dropDuplicatesWithinWatermark(order_id)", "dedup-by-id",
                    options, topics, bootstrap, tag);
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static SparkTarget peer(String run, String row, String query, SuiteOptions options, BenchTopics topics,
                                    String bootstrap, String tag) {
        return new SparkTarget(run, row, query, topics, bootstrap, options.workDir(), options.jvmOptions(),
                options.partitions(), tag);
    }

    static DrainTarget drain(String name, SuiteOptions options, BenchTopics topics, String bootstrap, String tag,
                             List<String> jvmOptions) {
        String orders = "--shopstream.topics.orders=" + topics.orders();
        return switch (name) {
            case "plain" -> baseline("plain", "plain (baseline): 5m window + suppress", PlainQuery.WINDOW,
                    List.of(topics.orders()), topics, bootstrap, tag, options, jvmOptions);
            case FLOOR -> baseline(FLOOR, "plain-read (baseline): the orders read as bytes, nothing "
                    + "else (the floor)", PlainQuery.READ, List.of(topics.orders()), topics, bootstrap, tag, options,
                    jvmOptions);
            // compared with Spark, not with a service: a floor tells how many times Spark's rate those writes allow
            case "plain-keep" -> baseline("plain-keep", "plain-keep (baseline): each order kept in a changelogged "
                    + "store (the stateful queries' write floor)", PlainQuery.KEEP, List.of(topics.orders()), topics,
                    bootstrap, tag, options, jvmOptions, "spark-5m-by-customer", null);
            case "plain-keep-copy" -> baseline("plain-keep-copy", "plain-keep-copy (baseline): each order kept and "
                    + "copied out (the dedups' write floor)", PlainQuery.KEEP_COPY, List.of(topics.orders()), topics,
                    bootstrap, tag, options, jvmOptions, "spark-dedup",
                    PlainQuery.KEEP_COPY.outputs(topics.baselinePrefix()).get(0));
            case "plain-sessions" -> baseline("plain-sessions",
                    "plain-sessions (baseline): session windows + suppress, streak processor",
                    PlainQuery.SESSIONS, List.of(topics.orders()), topics, bootstrap, tag, options, jvmOptions);
            case "plain-join" -> baseline("plain-join", "plain-join (baseline): join + leftJoin",
                    PlainQuery.JOIN, List.of(topics.orders(), topics.payments()), topics, bootstrap, tag,
                    options, jvmOptions);
            case "plain-dedup" -> baseline("plain-dedup", "plain-dedup (baseline): (order_id, order_ts) dedup",
                    PlainQuery.DEDUP, List.of(topics.orders()), topics, bootstrap, tag, options, jvmOptions);
            case "plain-payments" -> baseline("plain-payments", "plain-payments (baseline): re-key by order_id",
                    PlainQuery.PAYMENTS, List.of(topics.paymentsRaw()), topics, bootstrap, tag, options,
                    jvmOptions);
            case "orders" -> service("orders", "plain", "orders-service", "orders-service", tag,
                    List.of(topics.orders()), List.of(orders), bootstrap, options, jvmOptions, null, null);
            case "orders-5m" -> fiveMinutes("orders-5m", "orders-service (5m append)", false, List.of(), topics,
                    tag, orders, bootstrap, options, jvmOptions);
            // the hopping window against Spark's (no baseline: plain's is a tumbling window)
            case "orders-10m-every-5m" -> service("orders-10m-every-5m", null,
                    "orders-service (10m every 5m append)", "orders-service", tag, List.of(topics.orders()),
                    hopping("orders-per-10m-every-5m", "10m", "5m", HOPPING_OUTPUT, orders), bootstrap, options,
                    jvmOptions, "spark-10m-every-5m", HOPPING_OUTPUT);
            case "orders-5m-by-customer" -> fiveMinutes("orders-5m-by-customer",
                    "orders-service (5m per customer, append)", true, List.of(), topics, tag, orders, bootstrap,
                    options, jvmOptions);
            // before the repartition batches: a record per order (the before/after, in one run)
            case "orders-5m-unbatched" -> fiveMinutes("orders-5m-unbatched",
                    "orders-service (5m append, a record per order)", false, UNBATCHED, topics, tag, orders,
                    bootstrap, options, jvmOptions);
            case "orders-5m-by-customer-unbatched" -> fiveMinutes("orders-5m-by-customer-unbatched",
                    "orders-service (5m per customer, append, a record per order)", true, UNBATCHED, topics, tag,
                    orders, bootstrap, options, jvmOptions);
            // before the partial aggregation: every order crosses the repartition (in batches)
            case "orders-5m-uncombined" -> fiveMinutes("orders-5m-uncombined",
                    "orders-service (5m append, orders not combined)", false, UNCOMBINED, topics, tag, orders,
                    bootstrap, options, jvmOptions);
            case "orders-5m-by-customer-uncombined" -> fiveMinutes("orders-5m-by-customer-uncombined",
                    "orders-service (5m per customer, append, orders not combined)", true, UNCOMBINED, topics, tag,
                    orders, bootstrap, options, jvmOptions);
            case "sessions" -> service("sessions", "plain-sessions", "session-service", "session-service", tag,
                    List.of(topics.orders()), List.of(orders), bootstrap, options, jvmOptions, null, null);
            case "sessions-unbatched" -> service("sessions-unbatched", "plain-sessions",
                    "session-service (a record per order)", "session-service", tag, List.of(topics.orders()),
                    withUnbatched(orders), bootstrap, options, jvmOptions, null, null);
            // like for like with spark-sessions: the sessions in append mode alone, without update rows and streak
            // (no baseline: plain-sessions runs both)
            case "sessions-append" -> service("sessions-append", null, "session-service (sessions only, append)",
                    "session-service", tag, List.of(topics.orders()),
                    List.of(orders, "--shopstream.session.update-topic=", "--shopstream.session.streak.topic="),
                    bootstrap, options, jvmOptions, "spark-sessions", "customer-sessions-final");
            case "join" -> service("join", "plain-join", "join-service", "join-service", tag,
                    List.of(topics.orders(), topics.payments()),
                    List.of(orders, "--shopstream.topics.payments=" + topics.payments()), bootstrap, options,
                    jvmOptions, "spark-join", "orders-payment-status");
            case "join-unbatched" -> service("join-unbatched", "plain-join", "join-service (a record per event)",
                    "join-service", tag, List.of(topics.orders(), topics.payments()),
                    withUnbatched(orders, "--shopstream.topics.payments=" + topics.payments()), bootstrap, options,
                    jvmOptions, "spark-join", "orders-payment-status");
            case "dedup" -> service("dedup", "plain-dedup", "dedup-service", "dedup-service", tag,
                    List.of(topics.orders()), List.of(orders), bootstrap, options, jvmOptions, null, null);
            // like for like with plain-dedup: dedup-service with only its (order_id, order_ts) query
            case "dedup-pairs" -> service("dedup-pairs", "plain-dedup", "dedup-service (pairs only)",
                    "dedup-service", tag, List.of(topics.orders()),
                    List.of(orders, "--shopstream.dedup.by-id-topic="), bootstrap, options, jvmOptions,
                    "spark-dedup", "orders-deduped");
            // dedup-service with only its first-copy-per-order_id query (no baseline: plain-dedup's is the pairs')
            case "dedup-by-id" -> service("dedup-by-id", null, "dedup-service (by id only)", "dedup-service", tag,
                    List.of(topics.orders()), List.of(orders, "--shopstream.dedup.pairs-topic="), bootstrap, options,
                    jvmOptions, "spark-dedup-by-id", "orders-deduped-by-id");
            case "payments" -> service("payments", "plain-payments", "payments-service", "payments-service", tag,
                    List.of(topics.paymentsRaw()),
                    List.of("--shopstream.topics.payments-raw=" + topics.paymentsRaw(),
                            "--shopstream.topics.payments=" + topics.paymentsOut()),
                    bootstrap, options, jvmOptions, null, null);
            default -> throw new IllegalArgumentException(name);
        };
    }

    private static final List<String> UNBATCHED = List.of("--shopstream.repartition-batch-size=1");
    private static final List<String> UNCOMBINED = List.of("--shopstream.orders.partial-aggregation=false");

    private static List<String> withUnbatched(String... settings) {
        List<String> all = new ArrayList<>(List.of(settings));
        all.addAll(UNBATCHED);
        return all;
    }

    /** orders-service with one 5-minute tumbling query in append mode, over all orders or per customer. */
    private static ServiceTarget fiveMinutes(String run, String row, boolean perCustomer, List<String> extra,
                                             BenchTopics topics, String tag, String orders, String bootstrap,
                                             SuiteOptions options, List<String> jvmOptions) {
        String query = perCustomer ? "orders-per-5m-by-customer" : "orders-per-5m";
        String output = perCustomer ? topics.byCustomerFinal() : "orders-per-5m-final";
        List<String> settings = new ArrayList<>(windowQuery(query, "5m", output, orders));
        if (perCustomer) {
            settings.add("--shopstream.orders.queries[0].group-by=customer_id");
        }
        settings.addAll(extra);
        return service(run, "plain", row, "orders-service", tag, List.of(topics.orders()), settings, bootstrap,
                options, jvmOptions, perCustomer ? "spark-5m-by-customer" : "spark-5m", output);
    }

    private static final String HOPPING_OUTPUT = "orders-per-10m-every-5m-final";

    /**
     * The settings of orders-service's one tumbling window query in append mode. Its delay is written out: it is the
     * Spark peer's (3 minutes), whatever orders-service's default becomes.
     */
    private static List<String> windowQuery(String name, String size, String finalTopic, String orders) {
        return List.of(orders,
                "--shopstream.orders.queries[0].name=" + name,
                "--shopstream.orders.queries[0].size=" + size,
                "--shopstream.orders.queries[0].grace=3m",
                "--shopstream.orders.queries[0].final-topic=" + finalTopic);
    }

    /** The same query hopping: a window of {@code size} every {@code advance}. */
    private static List<String> hopping(String name, String size, String advance, String finalTopic, String orders) {
        List<String> settings = new ArrayList<>(windowQuery(name, size, finalTopic, orders));
        settings.add("--shopstream.orders.queries[0].advance=" + advance);
        return settings;
    }

    private static BaselineTarget baseline(String run, String row, PlainQuery query, List<String> inputs,
                                           BenchTopics topics, String bootstrap, String tag, SuiteOptions options,
                                           List<String> jvmOptions) {
        return baseline(run, row, query, inputs, topics, bootstrap, tag, options, jvmOptions, null, null);
    }

    private static BaselineTarget baseline(String run, String row, PlainQuery query, List<String> inputs,
                                           BenchTopics topics, String bootstrap, String tag, SuiteOptions options,
                                           List<String> jvmOptions, String sparkRun, String outputTopic) {
        // "plain-streams" for the first baseline, as before; "plain-sessions-...", ... for the others
        String group = (run.equals("plain") ? "plain-streams" : run) + "-" + tag;
        return new BaselineTarget(run, row, query, group, inputs,
                new BaselineTopics(topics.orders(), topics.payments(), topics.paymentsRaw(), topics.baselinePrefix()),
                bootstrap, options.workDir(), jvm(jvmOptions, options, group), options.streamsProperties(), sparkRun,
                outputTopic);
    }

    private static ServiceTarget service(String run, String baselineRun, String row, String module, String tag,
                                         List<String> inputs, List<String> settings, String bootstrap,
                                         SuiteOptions options, List<String> jvmOptions, String sparkRun,
                                         String outputTopic) {
        // one group per run: two runs of one module must not share committed offsets
        String group = module + "-" + (run.equals(module.replace("-service", "")) ? "" : run + "-") + tag;
        List<String> all = new ArrayList<>(settings);
        all.addAll(options.streamsArguments());
        String rowName = options.instances() == 1 ? row : row + ", " + options.instances() + " instances";
        return new ServiceTarget(run, baselineRun, rowName, module, group, inputs, all, bootstrap, options.workDir(),
                jvmOptions, options.jfr() ? options.workDir().resolve("jfr") : null, options.instances(), sparkRun,
                outputTopic);
    }

    /** The shared JVM options, plus a flight recording of this run when profiling. */
    private static List<String> jvm(List<String> jvmOptions, SuiteOptions options, String name) {
        if (!options.jfr()) {
            return jvmOptions;
        }
        List<String> withJfr = new ArrayList<>(jvmOptions);
        withJfr.addAll(flightRecording(options.workDir().resolve("jfr").resolve(name + ".jfr")));
        return withJfr;
    }

    /** The JVM options that profile a process into {@code file}. */
    static List<String> flightRecording(Path file) {
        // sampled every millisecond: the profile's own period left a few hundred samples of a drain's stream thread;
        // stacks kept deeper than JFR's 64 frames: a stream thread's are, and a cut stack loses its outermost frames
        return List.of("-XX:FlightRecorderOptions:stackdepth=256",
                "-XX:StartFlightRecording=settings=profile,jdk.ExecutionSample#period=1ms,filename=" + file);
    }
}
