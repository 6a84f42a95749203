package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A processor's clock store writes what changed once per commit, just before it: the store holds at every commit what
 * the processor's clocks hold, and nothing in between costs a write.
 */
class ClockStoreTest {

    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final InputPartition ORDERS_1 = new InputPartition("orders", 1);

    private MockProcessorContext<String, String> context;
    private KeyValueStore<String, byte[]> store;

    @BeforeEach
    void setUp() {
        context = new MockProcessorContext<>(TestStreams.forDriver("clock-store-test").properties());
        store = MockStores.writtenBeforeCommit(context, "w", Serdes.String(), Serdes.ByteArray());
    }

    @Test
    void savesReachTheStoreAtTheCommitWithTheLatestClocks() {
        ClockStore clocks = ClockStore.beforeEachCommit(context, "w", Map.of());
        InputClocks table = InputClocks.ofTopics(List.of("orders"));
        table.report(ORDERS_0, 2, 1_000, false, -1);
        clocks.saveCounts(table);
        clocks.savePartition(table, ORDERS_0);
        table.observe(ORDERS_0, 2_000);
        clocks.savePartition(table, ORDERS_0);
        clocks.saveFrontier(500);
        clocks.saveFrontier(900);

        assertThat(store.approximateNumEntries()).as("nothing before the commit").isZero();

        MockStores.commit(context, "w");   // the task's commit
        assertThat(new ClockStore(store).frontier()).isEqualTo(900);
        InputClocks loaded = stored();
        assertThat(loaded.newest(ORDERS_0)).isEqualTo(2_000);
        assertThat(loaded.partitionCounts()).containsEntry("orders", 2);
        assertThat(store.approximateNumEntries()).as("one row per partition, the count, the frontier").isEqualTo(3);

        table.report(ORDERS_1, 2, 3_000, true, 7);
        clocks.savePartition(table, ORDERS_1);
        MockStores.commit(context, "w");
        assertThat(stored().entry(ORDERS_1)).isEqualTo(new InputClocks.Entry(3_000, true, 7));
        assertThat(new ClockStore(store).frontier()).as("unchanged since the last commit").isEqualTo(900);
    }

    @Test
    void aClosedProcessorWritesNothingAtTheNextCommit() {
        ClockStore clocks = ClockStore.beforeEachCommit(context, "w", Map.of());
        clocks.saveFrontier(900);
        clocks.close();

        MockStores.commit(context, "w");
        assertThat(store.approximateNumEntries()).isZero();
    }

    @Test
    void aStoreForReadersWritesAtOnce() {
        new ClockStore(store).saveFrontier(900);

        assertThat(new ClockStore(store).frontier()).isEqualTo(900);
    }

    @Test
    void aFrontierReachedWithOtherHoldBacksIsNotRestoredButComputedAgainFromTheClocks() {
        Map<String, Long> sevenMinutes = Map.of("payments", 420_000L);
        InputPartition payments0 = new InputPartition("payments", 0);
        InputClocks before = InputClocks.ofTopics(List.of("orders", "payments"));
        before.report(ORDERS_0, 1, 1_000_000, false, -1);
        before.report(payments0, 1, 1_200_000, false, -1);
        ClockStore written = new ClockStore(store);   // both inputs on one delay
        written.saveCounts(before);
        written.savePartition(before, ORDERS_0);
        written.savePartition(before, payments0);
        written.saveFrontier(before.advance(InputClocks.EndOffsets.NOT_NEEDED));

        assertThat(new ClockStore(store).frontier()).isEqualTo(1_000_000);
        assertThat(new ClockStore(store, sevenMinutes).frontier()).as("payments now 7 min longer")
                .isEqualTo(InputClocks.NONE);
        InputClocks after = InputClocks.ofTopics(List.of("orders", "payments"), sevenMinutes);
        new ClockStore(store, sevenMinutes).loadInto(after);
        assertThat(after.advance(InputClocks.EndOffsets.NOT_NEEDED)).as("min(1,000,000, 1,200,000 − 420,000)")
                .isEqualTo(780_000);

        new ClockStore(store, sevenMinutes).saveFrontier(after.frontier());
        assertThat(new ClockStore(store, sevenMinutes).frontier()).as("written with its hold-backs")
                .isEqualTo(780_000);
        assertThat(new ClockStore(store).frontier()).as("read without them").isEqualTo(InputClocks.NONE);
    }

    private InputClocks stored() {
        InputClocks loaded = InputClocks.ofTopics(List.of("orders"));
        new ClockStore(store).loadInto(loaded);
        return loaded;
    }
}
