package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.harness.KafkaTopics.Read;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The contract's promise across a crash: the watermark is where it was. Plain Kafka Streams keeps an operator's
 * stream time in memory only, so after a restart it would count an order that was already too late, and emit the
 * final row of a window again. Every service that reads orders is killed with SIGKILL once its watermark has closed
 * a window, then restarted and sent an order for that closed window.
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

    private final Instant t0 = Instant.now().minus(Duration.ofHours(2)).truncatedTo(ChronoUnit.HOURS);

    @Test
    void anOrderTooLateBeforeACrashIsStillTooLateAfterIt() throws Exception {
        try (SuiteRun run = SuiteRun.start("watermark", 1)) {
            Map<String, List<String>> inputs = new LinkedHashMap<>();
            SERVICES.forEach(s -> inputs.put(s, List.of("orders")));
            SERVICES.forEach(s -> run.startService(s, s, List.of()));
            SERVICES.forEach(s -> run.instance(s).awaitReady(Duration.ofMinutes(3)));

            // the watermark reaches t0 + 17 min: the window [t0, t0 + 5 min) and the first session are final
            run.topics.write("orders", List.of(order(1, "00:30"), order(2, "20:00")));
            run.awaitDrained(inputs, SuiteRun.DRAIN);
            assertThat(finalWindowRows(run)).as("the first window is final before the crash").hasSize(1);

            long restarting = System.nanoTime();
            SERVICES.forEach(s -> run.instance(s).kill());
            SERVICES.forEach(run::restart);
            SERVICES.forEach(s -> run.instance(s).awaitReady(Duration.ofMinutes(3)));
            log.info("four services killed and ready again after {} ms", (System.nanoTime() - restarting) / 1_000_000);

            // too late for every window, session, join bound and dedup horizon it belongs to; then one to close more
            run.topics.write("orders", List.of(order(3, "01:00"), order(4, "40:00")));
            run.awaitDrained(inputs, SuiteRun.DRAIN);

            Map<String, List<Read>> out = run.topics.readAll(List.of("orders-service-late", "session-service-late",
                    "join-service-late", "dedup-service-late", "orders-per-5m-final",
                    "orders-per-10m-every-5m-final", "customer-sessions-final", "orders-deduped",
                    "orders-deduped-by-id", "orders-payment-status"));
            REFUSING.forEach((service, queries) -> assertThat(out.get(service + "-late"))
                    .as(service + ": the order sent after the restart is late for each query")
                    .extracting(r -> orderId(r) + " " + r.headers().get("x-late-query"))
                    .containsExactlyInAnyOrderElementsOf(queries.stream().map(q -> "3 " + q).toList()));

            assertThat(out.get("orders-per-5m-final")).extracting(Read::key).containsExactly(
                    window("00:00", "05:00"), window("20:00", "25:00"));
            assertThat(out.get("orders-per-5m-final").get(0).value()).contains("\"orders\":1,");
            assertThat(out.get("orders-per-10m-every-5m-final")).extracting(Read::key).containsExactly(
                    window("-05:00", "05:00"), window("00:00", "10:00"), window("15:00", "25:00"),
                    window("20:00", "30:00"));
            assertThat(out.get("customer-sessions-final")).extracting(Read::key).containsExactly(
                    "1@" + at("00:30"), "1@" + at("20:00"));
            assertThat(out.get("customer-sessions-final").get(0).value()).contains("\"orders\":1,");
            for (String topic : List.of("orders-deduped", "orders-deduped-by-id")) {
                assertThat(out.get(topic)).as(topic).extracting(Read::key).containsExactly("1", "2", "4");
            }
            assertThat(out.get("orders-payment-status")).as("each order unpaid once, the late one never")
                    .extracting(Read::key).containsExactly("1", "2");
        }
    }

    private Message order(long id, String minuteSecond) {
        return Message.of(Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":10.00,"
                + "\"order_ts\":\"" + at(minuteSecond) + "\"}");
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
