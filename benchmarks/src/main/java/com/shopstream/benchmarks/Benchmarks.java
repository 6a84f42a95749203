package com.shopstream.benchmarks;

import com.shopstream.benchmarks.baseline.BaselineApp;
import com.shopstream.benchmarks.baseline.BaselineTopics;
import com.shopstream.benchmarks.baseline.PlainQuery;
import com.shopstream.benchmarks.suite.SuiteBenchmark;
import com.shopstream.benchmarks.suite.SuiteOptions;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.harness.Repository;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;

/**
 * Benchmark commands; each prints its figures.
 * <pre>
 *   topology [--services orders,sessions,join,dedup] [--orders 1000000] [--seed 42] [--stores in-memory|rocksdb]
 *   http-load [--url http://127.0.0.1:8085] [--seconds 30] [--connections 8] [--batch 1]
 *   suite [--orders 2000000] [--seed 42]
 *         [--runs plain,orders,orders-5m,plain-sessions,sessions,plain-join,join,plain-dedup,dedup,plain-payments,payments]
 *         [--live-rate 20000] [--live-warmup 20] [--live-seconds 60] [--bootstrap host:port] [--work-dir dir]
 *         [--jvm "-Xmx512m -XX:+UseSerialGC"] [--jfr] [--partitions 3]
 *         [--streams-properties consumer.max.partition.fetch.bytes=65536|none]
 *   baseline --query window|sessions|join|dedup|payments --bootstrap .. --application-id .. --state-dir ..
 *            [--orders-topic ..] [--payments-topic ..] [--payments-raw-topic ..] --output-prefix ..  (started by suite)
 *   consumer-perf [ConsumerPerformance's options]                                                (started by suite)
 * </pre>
 */
public final class Benchmarks {

    private Benchmarks() {
    }

    public static void main(String[] args) throws Exception {
        if (System.getProperty("logback.configurationFile") == null) {
            System.setProperty("logback.configurationFile", "benchmarks-logback.xml");
        }
        if (args.length == 0) {
            System.out.println("usage: benchmarks topology|http-load|suite [options] (see BENCHMARKS.md)");
            System.exit(2);
        }
        List<String> rest = Arrays.asList(args).subList(1, args.length);
        switch (args[0]) {
            case "topology" -> TopologyThroughput.run(
                    List.of(option(rest, "services", "orders,sessions,join,dedup").split(",")),
                    Long.parseLong(option(rest, "orders", "1000000")), Long.parseLong(option(rest, "seed", "42")),
                    StateStoreKind.valueOf(option(rest, "stores", "in-memory").toUpperCase().replace('-', '_')),
                    System.out);
            case "http-load" -> PaymentsHttpLoad.run(option(rest, "url", "http://127.0.0.1:8085"),
                    Integer.parseInt(option(rest, "seconds", "30")), Integer.parseInt(option(rest, "connections", "8")),
                    Integer.parseInt(option(rest, "batch", "1")), System.out);
            case "suite" -> SuiteBenchmark.run(suiteOptions(rest), System.out);
            case "baseline" -> BaselineApp.run(PlainQuery.of(option(rest, "query", "window")),
                    new BaselineTopics(option(rest, "orders-topic", "orders"),
                            option(rest, "payments-topic", "payments"),
                            option(rest, "payments-raw-topic", "payments-raw"),
                            option(rest, "output-prefix", "plain-")),
                    option(rest, "bootstrap", "127.0.0.1:9092"), option(rest, "application-id", "plain-streams"),
                    option(rest, "state-dir", "/tmp/plain-streams"),
                    streamsProperties(option(rest, "streams-properties", "none")), System.out);
            // Kafka's own tool, from this jar so that the suite can start it like any other measured process
            case "consumer-perf" -> org.apache.kafka.tools.ConsumerPerformance.main(rest.toArray(String[]::new));
            default -> {
                System.out.println("unknown benchmark " + args[0]);
                System.exit(2);
            }
        }
        System.exit(0);
    }

    private static SuiteOptions suiteOptions(List<String> args) {
        Path workDir = Path.of(option(args, "work-dir", Repository.root().resolve("run").resolve("benchmarks")
                .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))).toString()));
        return new SuiteOptions(Long.parseLong(option(args, "orders", "2000000")),
                Long.parseLong(option(args, "seed", "42")),
                List.of(option(args, "runs", String.join(",", SuiteOptions.ALL_TARGETS)).split(",")),
                Long.parseLong(option(args, "live-rate", "20000")),
                Duration.ofSeconds(Long.parseLong(option(args, "live-warmup", "20"))),
                Duration.ofSeconds(Long.parseLong(option(args, "live-seconds", "60"))),
                option(args, "bootstrap", null), workDir.toAbsolutePath(),
                List.of(option(args, "jvm", SuiteOptions.DEFAULT_JVM).trim().split("\\s+")),
                args.contains("--jfr"), Integer.parseInt(option(args, "partitions", "3")),
                streamsProperties(option(args, "streams-properties", SuiteOptions.DEFAULT_STREAMS_PROPERTIES)));
    }

    /** {@code key=value,key=value}, or {@code none}. */
    private static List<String> streamsProperties(String list) {
        return list.equals("none") || list.isBlank() ? List.of() : List.of(list.split(","));
    }

    static String option(List<String> args, String name, String fallback) {
        int at = args.indexOf("--" + name);
        return at >= 0 && at + 1 < args.size() ? args.get(at + 1) : fallback;
    }
}
