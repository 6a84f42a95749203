package com.shopstream.faults;

import com.shopstream.common.testing.PartitionKeys;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.Await;
import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.harness.KafkaTopics.Read;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The contract's promise across a crash: every partition's watermark is where it was. Plain Kafka Streams keeps an
 * operator's stream time in memory only, so after a restart it would count an order that was already too late, and
 * emit the final row of a window again. Every service that reads orders is killed with SIGKILL once the watermarks
 * have closed a window, then restarted and sent an order for that closed window. Each moment of the test is an order
 * in every partition of {@code orders} (and a payment in every partition of {@code payments}, which the join waits
 * for too), so that every partition's watermark moves.
 */
class RestartSafeWatermarkTest {

    private static final Logger log = LoggerFactory.getLogger(RestartSafeWatermarkTest.class);

    private static final List<String> SERVICES = List.of("orders-service", "session-service", "join-service",
            "dedup-service");
    /** The queries that refuse a late order, per service (the streak has no watermark: it never refuses). */
    private static final Map<String, List<String>> REFUSING = Map.of(
            "orders-service", List.of("orders-per-5m", "orders-per-10m-every-5m"),
            "session-service", List.of("customer-sessions"),
            "join-service", List.of("order-payment-join"),
            "dedup-service", List.of("orders-deduped", "orders-deduped-by-id"));
    private static final int PARTITIONS = SuiteRun.PARTITIONS;

    private final Instant t0 = Instant.now().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.HOURS);
    private final List<Long> first = ids(1_000);
    private final List<Long> second = ids(2_000);
    private final List<Long> late = ids(3_000);
    private final List<Long> fourth = ids(4_000);

    @Test
    void anOrderTooLateBeforeACrashIsStillTooLateAfterIt() throws Exception {
        try (SuiteRun run = SuiteRun.start("watermark")) {
            Map<String, List<String>> inputs = new LinkedHashMap<>();
            SERVICES.forEach(s -> inputs.put(s, SuiteRun.INPUTS.get(s)));
            SERVICES.forEach(s -> run.startService(s, s, List.of()));
            SERVICES.forEach(s -> run.instance(s).awaitReady(Duration.ofMinutes(3)));

            // every watermark reaches t0 + 17 min: the window [t0, t0 + 5 min) and the first session are final
            write(run, first, "00:30", 9_000);
            write(run, second, "20:00", 9_100);
            run.awaitDrained(inputs, SuiteRun.DRAIN);
            Await.until("the first window to be final before the crash", SuiteRun.DRAIN,
                    () -> finalWindowRows(run).size() == 1);

            long restarting = System.nanoTime();
            SERVICES.forEach(s -> run.instance(s).kill());
            SERVICES.forEach(run::restart);
            SERVICES.forEach(s -> run.instance(s).awaitReady(Duration.ofMinutes(3)));
            log.info("four services killed and ready again after {} ms", (System.nanoTime() - restarting) / 1_000_000);

            // too late for every window, session, join bound and dedup horizon it belongs to; then one to close more
            write(run, late, "01:00", NO_PAYMENTS);
            write(run, fourth, "40:00", 9_300);
            run.awaitDrained(inputs, SuiteRun.DRAIN);
            Await.until("the windows the last orders close", SuiteRun.DRAIN, () -> finalWindowRows(run).size() == 2);

            Map<String, List<Read>> out = run.topics.readAll(List.of("orders-service-late", "session-service-late",
                    "join-service-late", "dedup-service-late", "orders-per-5m-final",
                    "orders-per-10m-every-5m-final", "customer-sessions-final", "orders-deduped",
                    "orders-deduped-by-id", "orders-payment-status"));
            REFUSING.forEach((service, queries) -> assertThat(out.get(service + "-late"))
                    .as(service + ": the orders sent after the restart are late for each query")
                    .extracting(r -> orderId(r) + " " + r.headers().get("x-late-query"))
                    .containsExactlyInAnyOrderElementsOf(queries.stream()
                            .flatMap(q -> late.stream().map(id -> id + " " + q)).toList()));

            // output topics have 3 partitions too: rows in any order
            assertThat(out.get("orders-per-5m-final")).extracting(Read::key).containsExactlyInAnyOrder(
                    window("00:00", "05:00"), window("20:00", "25:00"));
            assertThat(out.get("orders-per-5m-final")).filteredOn(r -> r.key().equals(window("00:00", "05:00")))
                    .singleElement().extracting(Read::value).asString().contains("\"orders\":" + PARTITIONS + ",");
            assertThat(out.get("orders-per-10m-every-5m-final")).extracting(Read::key).containsExactlyInAnyOrder(
                    window("-05:00", "05:00"), window("00:00", "10:00"), window("15:00", "25:00"),
                    window("20:00", "30:00"));
            assertThat(out.get("customer-sessions-final")).extracting(Read::key).containsExactlyInAnyOrder(
                    "1@" + at("00:30"), "1@" + at("20:00"));
            assertThat(out.get("customer-sessions-final")).allSatisfy(r -> assertThat(r.value())
                    .contains("\"orders\":" + PARTITIONS + ","));
            List<String> passed = Stream.of(first, second, fourth).flatMap(List::stream).map(String::valueOf).toList();
            for (String topic : List.of("orders-deduped", "orders-deduped-by-id")) {
                assertThat(out.get(topic)).as(topic).extracting(Read::key).containsExactlyInAnyOrderElementsOf(passed);
            }
            assertThat(out.get("orders-payment-status")).as("each order unpaid once, the late ones never")
                    .extracting(Read::key).containsExactlyInAnyOrderElementsOf(
                            Stream.of(first, second).flatMap(List::stream).map(String::valueOf).toList());
        }
    }

    private static final long NO_PAYMENTS = -1;

    /**
     * An order at {@code minuteSecond} in every orders partition, and (unless {@link #NO_PAYMENTS}) a payment of no
     * order in every payments partition, with ids from {@code paymentsFrom}.
     */
    private void write(SuiteRun run, List<Long> orderIds, String minuteSecond, long paymentsFrom) {
        List<Message> orders = new ArrayList<>();
        for (long id : orderIds) {
            orders.add(Message.of(Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":10.00,"
                    + "\"order_ts\":\"" + at(minuteSecond) + "\"}"));
        }
        List<Message> payments = new ArrayList<>();
        for (long id : paymentsFrom == NO_PAYMENTS ? List.<Long>of() : ids(paymentsFrom)) {
            payments.add(Message.of(Long.toString(id), "{\"payment_id\":\"p-" + id + "\",\"order_id\":" + id
                    + ",\"amount\":1.00,\"paid_ts\":\"" + at(minuteSecond) + "\"}"));
        }
        run.topics.write("orders", orders);
        run.topics.write("payments", payments);
    }

    /** Order ids from {@code from} on, one landing in each partition. */
    private static List<Long> ids(long from) {
        return PartitionKeys.onePerPartition(PARTITIONS, from, Long::toString);
    }

    private String at(String minuteSecond) {
        boolean before = minuteSecond.startsWith("-");
        String[] parts = minuteSecond.replace("-", "").split(":");
        Duration offset = Duration.ofMinutes(Long.parseLong(parts[0])).plusSeconds(Long.parseLong(parts[1]));
        return (before ? t0.minus(offset) : t0.plus(offset)).toString();
    }

    private String window(String from, String to) {
        return at(from) + "/" + at(to);
    }

    /** Late rows keep the record as the query saw it: session-service's are keyed by customer. */
    private static String orderId(Read late) {
        java.util.regex.Matcher id = java.util.regex.Pattern.compile("\"order_id\":(\\d+)").matcher(late.value());
        return id.find() ? id.group(1) : "?";
    }

    private static List<Read> finalWindowRows(SuiteRun run) {
        return run.topics.readAll(List.of("orders-per-5m-final")).get("orders-per-5m-final");
    }
}
