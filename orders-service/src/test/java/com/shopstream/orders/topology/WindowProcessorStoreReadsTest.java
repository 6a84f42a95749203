package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.verify;

import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the window processor reads from its store: a window after any the store holds (by start, then group) is not
 * looked up (most windows, as the watermark moves on: a lookup goes through the store's layers whether it finds or
 * not), every other one is, and its orders add to what the store had; what it writes before a scan for final windows.
 */
class WindowProcessorStoreReadsTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final Instant TEN = Instant.parse("2026-01-22T10:00:00Z");
    private static final Bytes AT_TEN = WindowKeys.key(TEN.toEpochMilli(), "all");
    private static final Bytes AT_TEN_FIVE = WindowKeys.key(TEN.plus(FIVE).toEpochMilli(), "all");
    private static final Bytes AT_TEN_FIVE_FOR_6 = WindowKeys.key(TEN.plus(FIVE).toEpochMilli(), "6");

    private final WindowQuery query = WindowQuery.tumbling("q", FIVE, Duration.ofMinutes(3), null, "finals");
    private MockProcessorContext<String, WindowOutput> context;
    private KeyValueStore<Bytes, byte[]> bytes;
    private KeyValueStore<Bytes, WindowAggregate> windows;
    private WindowProcessor processor;

    @BeforeEach
    void start() {
        context = new MockProcessorContext<>(TestStreams.forDriver("orders-service").properties());
        bytes = spy(Stores.inMemoryKeyValueStore(query.storeName()).get());
        windows = MockStores.writtenBeforeCommit(context, bytes, Serdes.Bytes(), new WindowAggregateSerde());
        MockStores.keyValue(context, "frontier", Serdes.String(), Serdes.ByteArray());
        processor = new WindowProcessor(query, OrderWindowTopology.lateness(query), "frontier");
        // counted before a restart
        windows.put(AT_TEN, new WindowAggregate(2, new BigDecimal("3.50")));
    }

    @Test
    void aWindowNewerThanAnyStoredIsNotLookedUp() {
        processor.init(context);
        clearInvocations(bytes);

        processor.process(WindowProcessorRestartTest.order(1, "10:06:00", "1.00"));
        MockStores.commit(context, query.storeName());

        verify(bytes, never()).get(AT_TEN_FIVE);
        assertThat(windows.get(AT_TEN_FIVE)).isEqualTo(new WindowAggregate(1, new BigDecimal("1.00")));
    }

    /**
     * Per customer, a slice has a window per customer: until the commit writes them, none is looked up; after it, those
     * of groups past every one written are not either, the others are.
     */
    @Test
    void theGroupsWindowsOfANewSliceAreNotLookedUpPastTheGreatestStored() {
        processor.init(context);
        clearInvocations(bytes);

        processor.process(WindowProcessorRestartTest.order(1, "10:06:00", "1.00").withKey("7"));
        processor.process(WindowProcessorRestartTest.order(2, "10:07:00", "2.00").withKey("8"));
        processor.process(WindowProcessorRestartTest.order(3, "10:08:00", "3.00").withKey("6"));
        MockStores.commit(context, query.storeName());

        verify(bytes, never()).get(any());
        assertThat(windows.get(AT_TEN_FIVE_FOR_6)).isEqualTo(new WindowAggregate(1, new BigDecimal("3.00")));
        clearInvocations(bytes);

        processor.process(WindowProcessorRestartTest.order(4, "10:06:00", "4.00").withKey("5"));
        processor.process(WindowProcessorRestartTest.order(5, "10:06:00", "5.00").withKey("9"));
        processor.process(WindowProcessorRestartTest.order(6, "10:09:00", "6.00").withKey("6"));

        verify(bytes).get(WindowKeys.key(TEN.plus(FIVE).toEpochMilli(), "5"));
        verify(bytes, never()).get(WindowKeys.key(TEN.plus(FIVE).toEpochMilli(), "9"));
        verify(bytes, never()).get(AT_TEN_FIVE_FOR_6);   // still in memory
        MockStores.commit(context, query.storeName());
        assertThat(windows.get(AT_TEN_FIVE_FOR_6)).isEqualTo(new WindowAggregate(2, new BigDecimal("9.00")));
    }

    @Test
    void theNewestStoredWindowIsReadAndAddedTo() {
        processor.init(context);
        clearInvocations(bytes);

        processor.process(WindowProcessorRestartTest.order(1, "10:04:00", "1.00"));
        MockStores.commit(context, query.storeName());

        verify(bytes).get(AT_TEN);
        assertThat(windows.get(AT_TEN)).isEqualTo(new WindowAggregate(3, new BigDecimal("4.50")));
    }

    @Test
    void aScanForFinalWindowsWritesThemFirstButNotTheNewerOnes() {
        processor.init(context);
        processor.process(WindowProcessorRestartTest.order(1, "10:04:00", "1.00"));
        processor.process(WindowProcessorRestartTest.order(2, "10:06:00", "2.00"));
        clearInvocations(bytes);

        long frontier = TEN.plus(FIVE).plus(Duration.ofMinutes(3)).toEpochMilli();   // 10:00-10:05 becomes final
        processor.process(new Record<>("", new Timed.Advance<>(frontier), frontier));

        verify(bytes).put(eq(AT_TEN), any());
        verify(bytes, never()).put(eq(AT_TEN_FIVE), any());
        MockStores.commit(context, query.storeName());
        verify(bytes).put(eq(AT_TEN_FIVE), any());   // once, at the commit
    }

    /**
     * Kafka Streams re-initializes the same processor when it revives a task whose transaction aborted; the orders of
     * that transaction are read again, and what memory held of them must not count twice.
     */
    @Test
    void aRevivedProcessorForgetsWhatItsAbortedTransactionHad() {
        processor.init(context);
        processor.process(WindowProcessorRestartTest.order(1, "10:04:00", "1.00"));
        processor.process(WindowProcessorRestartTest.order(2, "10:06:00", "2.00"));

        processor.close();   // no commit came: the transaction aborted, and the task was suspended and revived
        processor.init(context);
        processor.process(WindowProcessorRestartTest.order(1, "10:04:00", "1.00"));
        processor.process(WindowProcessorRestartTest.order(2, "10:06:00", "2.00"));
        MockStores.commit(context, query.storeName());

        assertThat(windows.get(AT_TEN)).isEqualTo(new WindowAggregate(3, new BigDecimal("4.50")));
        assertThat(windows.get(AT_TEN_FIVE)).isEqualTo(new WindowAggregate(1, new BigDecimal("2.00")));
    }

    @Test
    void aWindowWrittenSinceTheStartIsReadOnceMemoryForgotIt() {
        processor.init(context);
        processor.process(WindowProcessorRestartTest.order(1, "10:06:00", "1.00"));
        MockStores.commit(context, query.storeName());
        MockStores.commit(context, query.storeName());   // an interval without it: memory forgets it

        processor.process(WindowProcessorRestartTest.order(2, "10:07:00", "2.00"));
        MockStores.commit(context, query.storeName());

        assertThat(windows.get(AT_TEN_FIVE)).as("added to what the store had, not started again")
                .isEqualTo(new WindowAggregate(2, new BigDecimal("3.00")));
    }
}
