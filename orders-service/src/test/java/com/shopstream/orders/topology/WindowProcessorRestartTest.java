package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.WindowResult;
import com.shopstream.common.testing.CommitTicks;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The window processor alone, on its store. Started on a store that already holds a window (a restart): update rows
 * are written per commit interval from memory, so a crash after a commit can lose the rows of that commit's changes;
 * the first rows after the start are therefore those of every open window. And the windows it changes are in the store
 * at each commit (written behind, once per commit), so a commit never has the records without their sums.
 */
class WindowProcessorRestartTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final Duration GRACE = Duration.ofMinutes(3);

    private static final Instant TEN = Instant.parse("2026-01-22T10:00:00Z");

    private final WindowQuery query = WindowQuery.tumbling("q", FIVE, GRACE, "updates", "finals");
    private MockProcessorContext<String, WindowOutput> context;
    private KeyValueStore<Bytes, WindowAggregate> windows;
    private WindowProcessor processor;

    /** A processor on a window store and an empty frontier store (the frontier never moved: no window is final). */
    @BeforeEach
    void start() {
        context = new MockProcessorContext<>(TestStreams.forDriver("orders-service").properties());
        context.setCurrentSystemTimeMs(0);   // Kafka Streams sets it before a task processes or commits
        windows = MockStores.writtenBeforeCommit(context, query.storeName(), Serdes.Bytes(), new WindowAggregateSerde());
        MockStores.keyValue(context, "frontier", Serdes.String(), Serdes.ByteArray());
        processor = new WindowProcessor(query, OrderWindowTopology.lateness(query), "frontier");
    }

    @Test
    void theFirstUpdateRowsAfterAStartAreThoseOfEveryOpenWindow() {
        // counted before the restart; its update row was lost with the crash
        windows.put(WindowKeys.key(TEN.toEpochMilli(), "all"), new WindowAggregate(2, new BigDecimal("3.50")));

        processor.init(context);
        assertThat(context.forwarded()).isEmpty();
        CapturedPunctuator commit = context.scheduledPunctuators().get(0);
        assertThat(commit.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        CommitTicks.oneInterval(context, commit);

        assertThat(context.forwarded()).<WindowOutput>extracting(forwarded -> forwarded.record().value())
                .containsExactly(new WindowOutput.Update(new WindowResult(TEN, TEN.plus(FIVE), 2,
                        new BigDecimal("3.50"))));
        context.resetForwards();
        commit.getPunctuator().punctuate(2 * CommitTicks.commitInterval(context));
        assertThat(context.forwarded()).isEmpty();
    }

    @Test
    void theWindowsChangedSinceTheLastCommitAreInTheStoreAtTheCommit() {
        processor.init(context);
        processor.process(order(1, "10:01:00", "1.50"));
        processor.process(order(2, "10:02:00", "2.00"));
        Bytes window = WindowKeys.key(TEN.toEpochMilli(), "all");
        assertThat(windows.get(window)).as("kept in memory between commits").isNull();

        MockStores.commit(context, query.storeName());   // what the task's commit runs first
        assertThat(windows.get(window)).isEqualTo(new WindowAggregate(2, new BigDecimal("3.50")));

        processor.process(order(3, "10:03:00", "1.00"));
        MockStores.commit(context, query.storeName());
        assertThat(windows.get(window)).as("added to what the store had, not counted twice")
                .isEqualTo(new WindowAggregate(3, new BigDecimal("4.50")));
    }

    @Test
    void aWindowMadeFinalBetweenCommitsHasTheOrdersNotYetInTheStore() {
        processor.init(context);
        processor.process(order(1, "10:01:00", "1.50"));
        processor.process(order(2, "10:02:00", "2.00"));
        long frontier = TEN.plus(FIVE).plus(GRACE).toEpochMilli();   // the watermark reaches 10:05
        processor.process(new Record<>("", new Timed.Advance<>(frontier), frontier));

        assertThat(context.forwarded()).<WindowOutput>extracting(forwarded -> forwarded.record().value())
                .contains(new WindowOutput.Final(new WindowResult(TEN, TEN.plus(FIVE), 2, new BigDecimal("3.50"))));
    }

    @Test
    void aRevisionIsKeptWithItsWindowSoAProcessorStartedOnTheStoreGoesOnFromIt() {
        WindowQuery lenient = new WindowQuery("q", FIVE, FIVE, GRACE, null, null, "finals", null,
                Duration.ofMinutes(2));
        long frontier = TEN.plus(FIVE).plus(GRACE).toEpochMilli();   // the watermark reaches 10:05
        WindowProcessor first = new WindowProcessor(lenient, OrderWindowTopology.lateness(lenient), "frontier");
        first.init(context);
        first.process(order(1, "10:01:00", "1.50"));
        first.process(new Record<>("", new Timed.Advance<>(frontier), frontier));
        first.process(order(2, "10:02:00", "2.00"));   // within the allowed lateness: revision 2
        MockStores.commit(context, lenient.storeName());
        assertThat(windows.get(WindowKeys.key(TEN.toEpochMilli(), "all")))
                .isEqualTo(new WindowAggregate(2, new BigDecimal("3.50"), 2));
        first.close();

        context.resetForwards();
        WindowProcessor second = new WindowProcessor(lenient, OrderWindowTopology.lateness(lenient), "frontier");
        second.init(context);   // the frontier store here is empty: the watermark comes back with the next advance
        second.process(new Record<>("", new Timed.Advance<>(frontier), frontier));
        second.process(order(3, "10:03:00", "1.00"));

        assertThat(context.forwarded()).<WindowOutput>extracting(forwarded -> forwarded.record().value())
                .containsExactly(
                        new WindowOutput.Final(new WindowResult(TEN, TEN.plus(FIVE), 2, new BigDecimal("3.50"), 2)),
                        new WindowOutput.Final(new WindowResult(TEN, TEN.plus(FIVE), 3, new BigDecimal("4.50"), 3)));
    }

    @Test
    void anOrderCountedInTheFirstHalfOfAnIntervalHasItsRowAtTheNextTickWithACommitAskedFor() {
        processor.init(context);
        CapturedPunctuator tick = context.scheduledPunctuators().get(0);
        tick.getPunctuator().punctuate(0);   // arms the signal: the commit is seen
        long interval = CommitTicks.commitInterval(context);
        context.setCurrentSystemTimeMs(interval);
        MockStores.commit(context, query.storeName());

        processor.process(order(1, "10:01:00", "1.50"));
        tick.getPunctuator().punctuate(interval + 1);
        assertThat(context.forwarded()).<WindowOutput>extracting(forwarded -> forwarded.record().value())
                .containsExactly(new WindowOutput.Update(new WindowResult(TEN, TEN.plus(FIVE), 1,
                        new BigDecimal("1.50"))));
        assertThat(context.committed()).isTrue();

        context.resetForwards();
        context.resetCommit();
        processor.process(order(2, "10:02:00", "2.00"));
        tick.getPunctuator().punctuate(interval + 2);
        assertThat(context.forwarded()).as("one asked commit per interval: the row waits for the task's own")
                .isEmpty();
        assertThat(context.committed()).isFalse();

        tick.getPunctuator().punctuate(2 * interval - interval / 20);   // a tick before the task's own commit
        assertThat(context.forwarded()).<WindowOutput>extracting(forwarded -> forwarded.record().value())
                .containsExactly(new WindowOutput.Update(new WindowResult(TEN, TEN.plus(FIVE), 2,
                        new BigDecimal("3.50"))));
        assertThat(context.committed()).isFalse();
    }

    /** An order of 2026-01-22 at {@code time}, of the one group {@code all}, from partition 0. */
    static Record<String, Timed<Order>> order(long id, String time, String amount) {
        Instant at = Instant.parse("2026-01-22T" + time + "Z");
        Order order = new Order(id, 1, new BigDecimal(amount), at);
        return new Record<>("all", new Timed.Event<>(order, new InputPartition("orders", 0), 1, InputClocks.NONE,
                at.toEpochMilli()), at.toEpochMilli());
    }

    @Test
    void aRevivedTaskWritesEveryOpenWindowAgainForTheSameProcessor() {
        windows.put(WindowKeys.key(TEN.toEpochMilli(), "all"), new WindowAggregate(1, new BigDecimal("1.00")));
        processor.init(context);
        CommitTicks.oneInterval(context, context.scheduledPunctuators().get(0));
        assertThat(context.forwarded()).hasSize(1);

        // the transaction that carried that row aborted: Kafka Streams suspends the task (closing its processors)
        // and revives it with the same processor
        context.resetForwards();
        processor.close();
        processor.init(context);
        assertThat(context.scheduledPunctuators().get(0).cancelled()).as("the closed one's").isTrue();
        CommitTicks.oneInterval(context, context.scheduledPunctuators().get(1));   // the one this init scheduled

        assertThat(context.forwarded()).hasSize(1);
    }
}
