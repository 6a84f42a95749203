package com.shopstream.benchmarks.suite;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The runs of the suite benchmark, each on the loaded topics with an application id of this run: the plain baseline,
 * and each service configured as the contract runs it. {@code orders-5m} is orders-service with only the query the
 * baseline runs (5-minute tumbling, append mode), the like-for-like comparison; {@code orders} runs the contract's
 * two queries in both modes.
 */
final class SuiteTargets {

    private SuiteTargets() {
    }

    static List<DrainTarget> of(SuiteOptions options, BenchTopics topics, String bootstrap, String tag,
                                List<String> jvmOptions) {
        Path workDir = options.workDir();
        String orders = "--shopstream.topics.orders=" + topics.orders();
        List<DrainTarget> targets = new ArrayList<>();
        for (String name : options.targets()) {
            targets.add(switch (name) {
                case "plain" -> new BaselineTarget("plain-streams-" + tag, topics.orders(), topics.baselinePrefix(),
                        bootstrap, workDir, jvm(jvmOptions, options, "plain-streams"), options.streamsProperties());
                case "orders" -> service("orders-service", "orders-service", tag, List.of(topics.orders()),
                        List.of(orders), bootstrap, options, jvmOptions);
                case "orders-5m" -> service("orders-service (5m append)", "orders-service", tag,
                        List.of(topics.orders()), List.of(orders,
                                "--shopstream.orders.queries[0].name=orders-per-5m",
                                "--shopstream.orders.queries[0].size=5m",
                                "--shopstream.orders.queries[0].grace=3m",
                                "--shopstream.orders.queries[0].final-topic=orders-per-5m-final"),
                        bootstrap, options, jvmOptions);
                case "sessions" -> service("session-service", "session-service", tag, List.of(topics.orders()),
                        List.of(orders), bootstrap, options, jvmOptions);
                case "join" -> service("join-service", "join-service", tag,
                        List.of(topics.orders(), topics.payments()),
                        List.of(orders, "--shopstream.topics.payments=" + topics.payments()), bootstrap, options,
                        jvmOptions);
                case "dedup" -> service("dedup-service", "dedup-service", tag, List.of(topics.orders()),
                        List.of(orders), bootstrap, options, jvmOptions);
                case "payments" -> service("payments-service", "payments-service", tag,
                        List.of(topics.paymentsRaw()),
                        List.of("--shopstream.topics.payments-raw=" + topics.paymentsRaw(),
                                "--shopstream.topics.payments=" + topics.paymentsOut()),
                        bootstrap, options, jvmOptions);
                default -> throw new IllegalArgumentException(name);
            });
        }
        return targets;
    }

    private static ServiceTarget service(String row, String module, String tag, List<String> inputs,
                                         List<String> settings, String bootstrap, SuiteOptions options,
                                         List<String> jvmOptions) {
        String group = module + "-" + (row.contains("5m") ? "5m-" : "") + tag;
        List<String> all = new ArrayList<>(settings);
        options.streamsProperties().forEach(p -> all.add("--spring.kafka.streams.properties." + p));
        return new ServiceTarget(row, module, group, inputs, all, bootstrap, options.workDir(),
                jvm(jvmOptions, options, group));
    }

    /** The shared JVM options, plus a flight recording of this run when profiling. */
    private static List<String> jvm(List<String> jvmOptions, SuiteOptions options, String name) {
        if (!options.jfr()) {
            return jvmOptions;
        }
        List<String> withJfr = new ArrayList<>(jvmOptions);
        withJfr.add("-XX:StartFlightRecording=settings=profile,filename="
                + options.workDir().resolve("jfr").resolve(name + ".jfr"));
        return withJfr;
    }
}
