package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.KafkaTopics.Read;
import com.shopstream.harness.ShopStreamWriter;
import com.shopstream.simulator.GeneratorSettings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A measurement, not a pass/fail test: the same seeded stream of 500,000 orders (with payments) into 3-partition
 * topics, once produced live while the suite runs (at a fixed rate, in the generator's order) and once as a backlog the
 * services start on from the beginning. With several partitions a backlog is read a batch of one partition, then of
 * another, so the newest event time seen (the contract's {@code max} watermark) runs ahead of what live arrival would
 * have given, and records that were in time live are refused as late. The contract names this as the known limit of
 * the {@code max} policy; this prints the number: per query, the final rows that differ and the records refused in
 * one run but counted in the other. Written to {@code target/replay-vs-live.md} too.
 *
 * <p>{@code mvn -B -pl fault-tests test -Dshopstream.replay-vs-live=true -Dtest=ReplayVersusLiveRun}; see the
 * module's README.
 */
@EnabledIfSystemProperty(named = "shopstream.replay-vs-live", matches = "true")
class ReplayVersusLiveRun {

    private static final Logger log = LoggerFactory.getLogger(ReplayVersusLiveRun.class);
    private static final long ORDERS = Long.getLong("shopstream.replay-vs-live.orders", 500_000);
    /** Orders per second of the live run: what the five services and the broker keep up with on two cores. */
    private static final long LIVE_RATE = Long.getLong("shopstream.replay-vs-live.rate", 2_000);
    private static final int PARTITIONS = 3;
    private static final List<String> JVM = List.of("-Xmx512m", "-XX:+UseSerialGC");
    /** The append topic(s) of each query, and the topic its refused records go to. */
    private static final Map<String, List<String>> QUERY_TOPICS = new LinkedHashMap<>();
    private static final Map<String, String> QUERY_LATE_TOPIC = new LinkedHashMap<>();

    static {
        query("orders-per-5m", "orders-service-late", "orders-per-5m-final");
        query("orders-per-10m-every-5m", "orders-service-late", "orders-per-10m-every-5m-final");
        query("customer-sessions", "session-service-late", "customer-sessions-final");
        query("order-payment-join", "join-service-late", "orders-paid", "orders-payment-status");
        query("orders-deduped", "dedup-service-late", "orders-deduped");
        query("orders-deduped-by-id", "dedup-service-late", "orders-deduped-by-id");
    }

    private static void query(String name, String lateTopic, String... appendTopics) {
        QUERY_TOPICS.put(name, List.of(appendTopics));
        QUERY_LATE_TOPIC.put(name, lateTopic);
    }

    @Test
    void replayingABacklogRefusesWhatLiveArrivalCounted() throws Exception {
        GeneratorSettings settings = GeneratorSettings.defaults(5, ORDERS);

        Outcome live = run("live", settings, LIVE_RATE);
        Outcome backlog = run("backlog", settings, 0);

        assertThat(backlog.inputs).as("the same stream in both runs").isEqualTo(live.inputs);
        List<String> report = new ArrayList<>();
        report.add(String.format("%,d orders (seed 5), %d partitions; live at %,d orders/s (%.0f s), backlog drained "
                        + "in %.0f s; input records %s", ORDERS, PARTITIONS, LIVE_RATE, live.seconds, backlog.seconds,
                live.inputs));
        report.add("");
        report.add("| query | final rows live | final rows backlog | only live | only backlog | late live "
                + "| late backlog | late only live | late only backlog |");
        report.add("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String query : QUERY_TOPICS.keySet()) {
            long liveRows = 0;
            long backlogRows = 0;
            long onlyLive = 0;
            long onlyBacklog = 0;
            for (String topic : QUERY_TOPICS.get(query)) {
                Map<String, Integer> a = live.outputs.appendRows().get(topic);
                Map<String, Integer> b = backlog.outputs.appendRows().get(topic);
                assertThat(live.outputs.appendRowCount(topic)).as(topic + " has rows live").isPositive();
                liveRows += live.outputs.appendRowCount(topic);
                backlogRows += backlog.outputs.appendRowCount(topic);
                Map<String, Integer> notInBacklog = minus(a, b);
                Map<String, Integer> notLive = minus(b, a);
                onlyLive += total(notInBacklog);
                onlyBacklog += total(notLive);
                examples(topic + " only live", notInBacklog);
                examples(topic + " only in the backlog run", notLive);
            }
            Map<String, Integer> lateLive = lateOf(live, query);
            Map<String, Integer> lateBacklog = lateOf(backlog, query);
            report.add(String.format("| %s | %,d | %,d | %,d | %,d | %,d | %,d | %,d | %,d |", query, liveRows,
                    backlogRows, onlyLive, onlyBacklog, total(lateLive), total(lateBacklog),
                    total(minus(lateLive, lateBacklog)), total(minus(lateBacklog, lateLive))));
        }
        String text = String.join("\n", report);
        log.info("replay against live:\n{}", text);
        Path out = Path.of("target", "replay-vs-live.md");
        Files.createDirectories(out.getParent());
        Files.writeString(out, text + "\n", StandardCharsets.UTF_8);
    }

    private record Outcome(OutputSnapshot outputs, Map<String, Long> inputs, double seconds) {
    }

    /** One run on a fresh broker: live when {@code ordersPerSecond > 0}, else the stream is written first. */
    private static Outcome run(String name, GeneratorSettings settings, long ordersPerSecond) throws Exception {
        try (SuiteRun run = SuiteRun.start(name, PARTITIONS)) {
            long started;
            long lastEventTime;
            if (ordersPerSecond > 0) {
                run.startAll(List.of(), JVM);
                started = System.nanoTime();
                lastEventTime = write(run, settings, ordersPerSecond);
            } else {
                lastEventTime = write(run, settings, 0);
                started = System.nanoTime();
                run.startAll(List.of(), JVM);
            }
            run.awaitDrained(SuiteRun.DRAIN);
            double seconds = (System.nanoTime() - started) / 1e9;
            ShopStream.closingRecords(lastEventTime).forEach(run.topics::write);
            run.awaitDrained(SuiteRun.DRAIN);
            for (var service : run.instances()) {
                assertThat(service.isAlive() && service.isReady()).as(service.name() + " ready at the end").isTrue();
            }
            Map<String, Long> inputs = new LinkedHashMap<>();
            for (String topic : ShopStream.INPUT_TOPICS) {
                inputs.put(topic, run.recordCount(topic));
            }
            log.info("{} run: {} s, input records {}", name, String.format("%.1f", seconds), inputs);
            return new Outcome(OutputSnapshot.of(run), inputs, seconds);
        }
    }

    /** The stream into the suite's input topics, paced when a rate is given; returns the newest event time sent. */
    private static long write(SuiteRun run, GeneratorSettings settings, long ordersPerSecond) {
        ShopStreamWriter.Sent sent = ShopStreamWriter.write(run.broker.bootstrap(), settings,
                new ShopStreamWriter.InputTopics("orders", "payments-raw", "payments"), ordersPerSecond);
        if (ordersPerSecond > 0) {
            log.info("live: {} orders in {} s ({} orders/s)", sent.orders(), String.format("%.1f", sent.seconds()),
                    String.format("%.0f", sent.orders() / sent.seconds()));
        }
        return sent.newestEventTime();
    }

    /** The refused records of a query, as (key, value) with how often each was refused. */
    private static Map<String, Integer> lateOf(Outcome outcome, String query) {
        Map<String, Integer> late = new HashMap<>();
        for (Read read : outcome.outputs.lateRecords().get(QUERY_LATE_TOPIC.get(query))) {
            if (query.equals(read.headers().get("x-late-query"))) {
                late.merge(read.key() + " -> " + read.value(), 1, Integer::sum);
            }
        }
        return late;
    }

    /** The rows of {@code a} not matched by a row of {@code b} (a multiset difference). */
    private static Map<String, Integer> minus(Map<String, Integer> a, Map<String, Integer> b) {
        Map<String, Integer> out = new TreeMap<>();
        a.forEach((row, count) -> {
            int more = count - b.getOrDefault(row, 0);
            if (more > 0) {
                out.put(row, more);
            }
        });
        return out;
    }

    private static long total(Map<String, Integer> rows) {
        return rows.values().stream().mapToLong(Integer::longValue).sum();
    }

    private static void examples(String what, Map<String, Integer> rows) {
        if (!rows.isEmpty()) {
            log.info("{}: {} rows, e.g. {}", what, total(rows), rows.keySet().stream().limit(3).toList());
        }
    }
}
