package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.InputClocks;
import com.shopstream.common.watermark.InputPartition;
import com.shopstream.common.watermark.LatenessRule;
import com.shopstream.common.watermark.QueryLateness;
import com.shopstream.common.watermark.Timed;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/**
 * The streak processor alone, with a mock context: each order comes with the advance of the query's frontier after
 * it, as the event-time order sends them (event-time timeouts follow it); the wall-clock punctuator is fired by hand.
 */
class StreakProcessorTest {

    private static final Duration TIMEOUT = Duration.ofMinutes(30);
    private static final Duration GRACE = Duration.ofMinutes(3);
    private static final QueryLateness QUERY = new QueryLateness("customer-streaks", GRACE, LatenessRule.NEVER_LATE);

    private MockProcessorContext<String, StreakUpdate> context;
    private KeyValueStore<String, StreakState> state;
    private StreakProcessor processor;

    @Test
    void countsConsecutiveOrdersOfTenOrMoreAndResetsOnASmallerOne() {
        start(StreakClock.EVENT_TIME);

        order(1, "12.50", "10:00:00", "09:57:00");
        order(1, "10.00", "10:01:00", "09:58:00");
        order(1, "9.99", "10:02:00", "09:59:00");
        order(1, "20.00", "10:03:00", "10:00:00");

        assertThat(updates()).containsExactly("1:1:false", "1:2:false", "1:0:false", "1:1:false");
    }

    @Test
    void timesOutByEventTimeOnceTheWatermarkPassesTheNewestOrderPlusTheTimeout() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");
        order(2, "12.50", "10:20:00", "10:17:00");
        context.resetForwards();

        order(3, "1.00", "10:33:00", "10:30:00");   // watermark 10:30 = customer 1's 10:00 + 30 min: not passed
        assertThat(updates()).containsExactly("3:0:false");
        context.resetForwards();

        order(3, "1.00", "10:33:01", "10:30:01");   // passed: customer 1 times out with its last value
        assertThat(updates()).containsExactly("3:0:false", "1:1:true");
        assertThat(context.scheduledPunctuators()).isEmpty();
        assertThat(state.get("1")).isNull();
        assertThat(state.get("2")).isNotNull();
    }

    @Test
    void anOrderBeforeTheTimeoutPushesItBack() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");
        order(1, "12.50", "10:25:00", "10:22:00");
        context.resetForwards();

        order(9, "1.00", "10:40:00", "10:37:00");   // past 10:30, but customer 1's newest order is 10:25

        assertThat(updates()).containsExactly("9:0:false");
        assertThat(state.get("1").streak()).isEqualTo(2);
    }

    @Test
    void timesOutByWallClockWhenConfiguredSo() {
        start(StreakClock.WALL_CLOCK);
        context.setCurrentSystemTimeMs(1_000_000);
        order(1, "12.50", "10:00:00", "09:57:00");
        context.resetForwards();

        context.setCurrentSystemTimeMs(1_060_000);
        order(2, "1.00", "23:00:00", "22:57:00");   // the watermark does not time anyone out in this mode
        context.resetForwards();
        context.setCurrentSystemTimeMs(1_000_000 + TIMEOUT.toMillis());
        punctuate();
        assertThat(updates()).isEmpty();

        context.setCurrentSystemTimeMs(1_000_000 + TIMEOUT.toMillis() + 1);
        punctuate();
        assertThat(updates()).containsExactly("1:1:true");
        assertThat(state.get("1")).isNull();
        assertThat(state.get("2")).isNotNull();
    }

    private void start(StreakClock clock) {
        context = new MockProcessorContext<>();
        context.setCurrentSystemTimeMs(0);
        state = Stores.keyValueStoreBuilder(StateStoreKind.IN_MEMORY.keyValue("state"), Serdes.String(),
                new StreakStateSerde()).withLoggingDisabled().build();
        state.init(context.getStateStoreContext(), state);
        context.addStateStore(state);
        var expiry = ExpiryIndex.storeBuilder("expiry", StateStoreKind.IN_MEMORY).withLoggingDisabled().build();
        expiry.init(context.getStateStoreContext(), expiry);
        context.addStateStore(expiry);
        var frontier = Stores.keyValueStoreBuilder(StateStoreKind.IN_MEMORY.keyValue("frontier"), Serdes.String(),
                Serdes.ByteArray()).withLoggingDisabled().build();
        frontier.init(context.getStateStoreContext(), frontier);
        context.addStateStore(frontier);
        processor = new StreakProcessor(QUERY, new BigDecimal("10.00"), TIMEOUT, clock, Duration.ofMinutes(1),
                "state", "expiry", "frontier");
        processor.init(context);
    }

    private void order(long customer, String amount, String orderTime, String watermarkAfter) {
        Instant ts = Instant.parse("2026-01-22T" + orderTime + "Z");
        Order order = new Order(customer * 100, customer, new BigDecimal(amount), ts);
        long frontier = Instant.parse("2026-01-22T" + watermarkAfter + "Z").plus(GRACE).toEpochMilli();
        processor.process(new Record<>(Long.toString(customer), new Timed.Event<>(order,
                new InputPartition("orders", 0), 1, InputClocks.NONE, frontier), ts.toEpochMilli()));
        processor.process(new Record<>("", new Timed.Advance<>(frontier), ts.toEpochMilli()));
    }

    private void punctuate() {
        CapturedPunctuator punctuator = context.scheduledPunctuators().get(0);
        punctuator.getPunctuator().punctuate(context.currentSystemTimeMs());
    }

    private List<String> updates() {
        return context.forwarded().stream()
                .map(f -> f.record().value())
                .map(u -> u.customerId() + ":" + u.streak() + ":" + u.timedOut())
                .toList();
    }
}
