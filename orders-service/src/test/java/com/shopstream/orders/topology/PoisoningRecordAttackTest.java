package com.shopstream.orders.topology;

import static com.shopstream.common.testing.RecordingDeadLetterPublisher.header;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.errors.DeadLetterHeaders;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records whose event time is ahead of their broker time (a forged order, a device with a wrong clock) among 1,000
 * honest orders, through orders-service's whole topology: the ones more than {@code max-future-skew} (1 h) ahead
 * are dead letters; the others are counted, and move their partition's clock no further than their broker time + the
 * allowance (1 min), so no honest order is made late. Without that bound the first of them, 59 minutes ahead, would
 * have refused every honest order after it for the next 56 minutes.
 *
 * <p>The honest orders are appended 110 s after their event time, and each poisoning record comes 2 s before the
 * end of a 5-minute window, so the bound is tested to the second: the clock then reads 10:04:58 + 110 s + the
 * allowance, the watermark that − 3 min, and the next honest order's window [10:00, 10:05) closes (its order late)
 * for any allowance of 72 s or more.
 */
class PoisoningRecordAttackTest {

    private static final Logger log = LoggerFactory.getLogger(PoisoningRecordAttackTest.class);
    private static final Instant START = Instant.parse("2026-01-22T10:00:00Z");
    /** Honest order index → how far ahead of its broker time the poisoning record sent right after it is. */
    private static final Map<Integer, Duration> POISON = Map.of(
            298, Duration.ofMinutes(59), 598, Duration.ofMinutes(61), 898, Duration.ofHours(2),
            448, Duration.ofMinutes(30), 748, Duration.ofDays(365));
    private static final Duration APPENDED_AFTER = Duration.ofSeconds(110);

    @AutoClose
    private StreamsHarness harness;

    @Test
    void poisoningRecordsMakeNoHonestOrderLateAndThoseTooFarAheadAreDeadLetters() {
        TestStreams streams = TestStreams.forDriver("orders-service");
        harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(),
                OrderWindowConfigs.of(TestStreams.topics(), WindowQuery.contractDefaults(Duration.ofMinutes(3)))),
                streams);
        for (int i = 0; i < 1_000; i++) {
            // honest: event time 1 s apart, appended by the broker 110 s after it
            Instant event = START.plusSeconds(i);
            Instant broker = event.plus(APPENDED_AFTER);
            harness.pipeAt("orders", Long.toString(i), order(i, event), broker);
            Duration ahead = POISON.get(i);
            if (ahead != null) {
                harness.pipeAt("orders", Long.toString(100_000 + i), order(100_000 + i, broker.plus(ahead)), broker);
            }
        }

        List<String> lateHonest = harness.records("orders-service-late").stream().map(r -> r.value())
                .filter(value -> Long.parseLong(value.replaceAll(".*\"order_id\":(\\d+).*", "$1")) < 100_000)
                .toList();
        List<String> refused = harness.deadLetters().stream()
                .map(letter -> header(letter, DeadLetterHeaders.REASON)).toList();
        log.info("poisoning records: {} tried, {} dead letters, honest orders made late: {} of 1000",
                POISON.size(), refused.size(), lateHonest.size());
        assertThat(lateHonest).as("honest orders made late").isEmpty();
        assertThat(refused).hasSize(3).allSatisfy(reason ->
                assertThat(reason).contains("is more than PT1H ahead of the record's broker time"));
    }

    private static String order(long id, Instant at) {
        return "{\"order_id\":" + id + ",\"customer_id\":" + (1 + id % 7) + ",\"amount\":10.00,\"order_ts\":\""
                + at + "\"}";
    }
}
