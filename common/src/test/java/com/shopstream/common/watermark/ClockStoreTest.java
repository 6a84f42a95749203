package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.util.List;
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
        ClockStore clocks = ClockStore.beforeEachCommit(context, "w");
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
        ClockStore clocks = ClockStore.beforeEachCommit(context, "w");
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

    private InputClocks stored() {
        InputClocks loaded = InputClocks.ofTopics(List.of("orders"));
        new ClockStore(store).loadInto(loaded);
        return loaded;
    }
}
