package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.testing.CommitTicks;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LatenessRule;
import com.shopstream.eventtime.QueryLateness;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The streak processor alone, with a mock context: each order comes with the advance of the query's frontier after
 * it, as the event-time order sends them (event-time timeouts follow it); the punctuators (the commit interval's,
 * which writes the held rows, and the wall-clock timeouts') are fired by hand.
 */
class StreakProcessorTest {

    private static final Duration TIMEOUT = Duration.ofMinutes(30);
    /** How often the wall clock's timeouts are checked. */
    private static final Duration CHECK_INTERVAL = Duration.ofMinutes(1);
    private static final Duration GRACE = Duration.ofMinutes(3);
    private static final QueryLateness QUERY = new QueryLateness("customer-streaks", GRACE, LatenessRule.NEVER_LATE);

    private MockProcessorContext<String, StreakUpdate> context;
    private KeyValueStore<String, StreakState> state;
    private StreakProcessor processor;

    @Test
    void countsConsecutiveOrdersOfTenOrMoreAndResetsOnASmallerOne() {
        start(StreakClock.EVENT_TIME);

        order(1, "12.50", "10:00:00", "09:57:00");
        commit();
        order(1, "10.00", "10:01:00", "09:58:00");
        commit();
        order(1, "9.99", "10:02:00", "09:59:00");
        commit();
        order(1, "20.00", "10:03:00", "10:00:00");
        commit();

        assertThat(updates()).containsExactly("1:1:false", "1:2:false", "1:0:false", "1:1:false");
    }

    @Test
    void writesEachCustomersNewestValueOncePerCommitInterval() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");
        order(2, "12.50", "10:00:10", "09:57:10");
        order(1, "10.00", "10:01:00", "09:58:00");
        order(1, "9.99", "10:02:00", "09:59:00");
        order(1, "20.00", "10:03:00", "10:00:00");
        assertThat(updates()).as("held until the commit interval has passed").isEmpty();

        commit();
        assertThat(updates()).containsExactly("1:1:false", "2:1:false");
        context.resetForwards();
        commit();
        assertThat(updates()).as("nothing changed since").isEmpty();
    }

    @Test
    void aCustomersHeldValueGoesBeforeItsTimedOutRow() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");
        commit();
        order(1, "12.50", "10:01:00", "09:58:00");
        context.resetForwards();

        order(2, "1.00", "10:35:00", "10:32:00");   // times customer 1 out before the commit interval has passed

        assertThat(updates()).containsExactly("1:2:false", "1:2:true");
        commit();
        assertThat(updates()).containsExactly("1:2:false", "1:2:true", "2:0:false");
    }

    @Test
    void theFirstRowsAfterAStartAreEveryCustomersValue() {
        start(StreakClock.EVENT_TIME);
        // counted before the restart; their rows were lost with the crash
        state.put("1", new StreakState(3, Instant.parse("2026-01-22T10:00:00Z").toEpochMilli(), 0));
        state.put("2", new StreakState(0, Instant.parse("2026-01-22T10:01:00Z").toEpochMilli(), 0));
        processor.close();   // the crashed one's task is gone
        processor = new StreakProcessor(QUERY, new BigDecimal("10.00"), TIMEOUT, StreakClock.EVENT_TIME,
                Duration.ofMinutes(1), "state", "frontier");
        processor.init(context);
        order(2, "12.50", "10:02:00", "09:59:00");

        commit();
        assertThat(updates()).containsExactlyInAnyOrder("1:3:false", "2:1:false");
        context.resetForwards();
        commit();
        assertThat(updates()).isEmpty();

        order(3, "1.00", "10:34:00", "10:30:01");   // past customer 1's 10:00 + 30 min, not customer 2's 10:02
        assertThat(updates()).as("the customers in the store at the start time out too").containsExactly("1:3:true");
    }

    @Test
    void aRevivedProcessorSchedulesATimeoutForEachCustomerItsStoreHolds() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");
        order(1, "12.50", "10:05:00", "10:02:00");
        order(2, "1.00", "10:10:00", "10:07:00");
        assertThat(processor.timeoutsScheduled()).as("one per customer, not one per order").isEqualTo(2);
        MockStores.commit(context, "state");

        // the transaction aborted: Kafka Streams closes the task's processors, restores the store (here without
        // customer 2) and revives the task with the same processor
        processor.close();
        state.delete("2");
        processor.init(context);
        assertThat(processor.timeoutsScheduled()).isEqualTo(1);

        order(3, "1.00", "10:38:00", "10:35:01");   // past customer 1's 10:05 + 30 min
        assertThat(updates()).contains("1:2:true");
    }

    @Test
    void timesOutByEventTimeOnceTheWatermarkPassesTheNewestOrderPlusTheTimeout() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");
        order(2, "12.50", "10:20:00", "10:17:00");
        commit();
        context.resetForwards();

        order(3, "1.00", "10:33:00", "10:30:00");   // watermark 10:30 = customer 1's 10:00 + 30 min: not passed
        commit();
        assertThat(updates()).containsExactly("3:0:false");
        context.resetForwards();

        order(3, "1.00", "10:33:01", "10:30:01");   // passed: customer 1 times out with its last value
        commit();
        assertThat(updates()).containsExactly("1:1:true", "3:0:false");
        assertThat(context.scheduledPunctuators()).as("only the update rows': no wall-clock timeouts")
                .extracting(CapturedPunctuator::getInterval).doesNotContain(CHECK_INTERVAL).hasSize(1);
        assertThat(stored("1")).isNull();
        assertThat(stored("2")).isNotNull();
    }

    @Test
    void anOrderBeforeTheTimeoutPushesItBack() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");
        order(1, "12.50", "10:25:00", "10:22:00");
        context.resetForwards();

        order(9, "1.00", "10:40:00", "10:37:00");   // past 10:30, but customer 1's newest order is 10:25
        commit();
        assertThat(updates()).containsExactly("1:2:false", "9:0:false");
        assertThat(stored("1").streak()).isEqualTo(2);
        context.resetForwards();

        order(9, "1.00", "10:58:00", "10:55:00");   // 10:55 = customer 1's 10:25 + 30 min: not passed
        assertThat(updates()).isEmpty();
        order(9, "1.00", "10:58:01", "10:55:01");
        assertThat(updates()).containsExactly("1:2:true");
    }

    @Test
    void customersTimedOutByOneAdvanceGoInTheOrderOfTheirTimeouts() {
        start(StreakClock.EVENT_TIME);
        order(1, "12.50", "10:00:00", "09:57:00");   // times out at 10:30
        order(2, "12.50", "10:10:00", "10:07:00");   // at 10:40
        order(1, "12.50", "10:20:00", "10:17:00");   // customer 1 now at 10:50
        commit();
        context.resetForwards();

        order(3, "1.00", "11:03:00", "11:00:00");   // past both

        assertThat(updates()).containsExactly("2:1:true", "1:2:true");
    }

    @Test
    void aWallClockTimeoutIsPushedBackByAnOrderAndComesEarlierWhenTheClockIsSetBack() {
        start(StreakClock.WALL_CLOCK);
        context.setCurrentSystemTimeMs(1_000_000);
        order(1, "12.50", "10:00:00", "09:57:00");
        context.setCurrentSystemTimeMs(1_600_000);
        order(1, "12.50", "10:10:00", "10:07:00");   // customer 1 times out at 1,600,000 + 30 min now
        commit();
        context.resetForwards();

        context.setCurrentSystemTimeMs(1_000_000 + TIMEOUT.toMillis() + 1);
        punctuate();
        assertThat(updates()).as("its first order's timeout passed, but it was not quiet long enough").isEmpty();
        context.setCurrentSystemTimeMs(1_600_000 + TIMEOUT.toMillis() + 1);
        punctuate();
        assertThat(updates()).containsExactly("1:2:true");
        context.resetForwards();

        context.setCurrentSystemTimeMs(5_000_000);
        order(5, "12.50", "12:00:00", "11:57:00");
        context.setCurrentSystemTimeMs(4_000_000);   // the clock set back
        order(5, "12.50", "12:01:00", "11:58:00");
        commit();
        context.resetForwards();
        context.setCurrentSystemTimeMs(4_000_000 + TIMEOUT.toMillis() + 1);
        punctuate();
        assertThat(updates()).as("quiet for the timeout since its last order").containsExactly("5:2:true");
    }

    @Test
    void timesOutByWallClockWhenConfiguredSo() {
        start(StreakClock.WALL_CLOCK);
        context.setCurrentSystemTimeMs(1_000_000);
        order(1, "12.50", "10:00:00", "09:57:00");
        commit();
        context.resetForwards();

        context.setCurrentSystemTimeMs(1_060_000);
        order(2, "1.00", "23:00:00", "22:57:00");   // the watermark does not time anyone out in this mode
        commit();
        context.resetForwards();
        context.setCurrentSystemTimeMs(1_000_000 + TIMEOUT.toMillis());
        punctuate();
        assertThat(updates()).isEmpty();

        context.setCurrentSystemTimeMs(1_000_000 + TIMEOUT.toMillis() + 1);
        punctuate();
        assertThat(updates()).containsExactly("1:1:true");
        assertThat(stored("1")).isNull();
        assertThat(stored("2")).isNotNull();
    }

    @Test
    void closingCancelsTheWallClockTimeoutsAndTheUpdateRows() {
        start(StreakClock.WALL_CLOCK);
        assertThat(context.scheduledPunctuators()).hasSize(2);

        processor.close();

        // its task may be resumed or revived, which initializes this processor again and schedules anew
        assertThat(context.scheduledPunctuators()).allMatch(CapturedPunctuator::cancelled);
    }

    private void start(StreakClock clock) {
        context = new MockProcessorContext<>(TestStreams.forDriver("session-service").properties());
        context.setCurrentSystemTimeMs(0);
        state = MockStores.writtenBeforeCommit(context, "state", Serdes.String(), new StreakStateSerde());
        MockStores.keyValue(context, "frontier", Serdes.String(), Serdes.ByteArray());
        processor = new StreakProcessor(QUERY, new BigDecimal("10.00"), TIMEOUT, clock, CHECK_INTERVAL,
                "state", "frontier");
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

    /** What the store holds for {@code customer} after the task's commit (the processor writes just before it). */
    private StreakState stored(String customer) {
        MockStores.commit(context, "state");
        return state.get(customer);
    }

    /** Runs the wall-clock timeouts' punctuator now. */
    private void punctuate() {
        CapturedPunctuator punctuator = context.scheduledPunctuators().get(0);
        assertThat(punctuator.getInterval()).isEqualTo(CHECK_INTERVAL);
        punctuator.getPunctuator().punctuate(context.currentSystemTimeMs());
    }

    /**
     * The task commits now, and a commit interval passes: the punctuator that writes the held rows just before the
     * next commit (the one the newest {@code init} scheduled: a processor started again schedules its own) writes
     * nothing half an interval on, and writes them an interval on.
     */
    private void commit() {
        List<CapturedPunctuator> rows = context.scheduledPunctuators().stream()
                .filter(p -> !p.getInterval().equals(CHECK_INTERVAL) && !p.cancelled()).toList();
        assertThat(rows).hasSize(1);
        assertThat(rows.get(0).getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        long now = context.currentSystemTimeMs();
        MockStores.commit(context, "state");
        int forwarded = context.forwarded().size();
        rows.get(0).getPunctuator().punctuate(now + CommitTicks.commitInterval(context) / 2);
        assertThat(context.forwarded()).as("half an interval after the commit").hasSize(forwarded);
        rows.get(0).getPunctuator().punctuate(now + CommitTicks.commitInterval(context));
    }

    private List<String> updates() {
        return context.forwarded().stream()
                .map(f -> f.record().value())
                .map(u -> u.customerId() + ":" + u.streak() + ":" + u.timedOut())
                .toList();
    }
}
