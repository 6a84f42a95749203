package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PartitionEventTimesTest {

    private KeyValueStore<String, Long> store;

    @BeforeEach
    void openStore() {
        store = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore("q-watermark"), Serdes.String(),
                Serdes.Long()).withLoggingDisabled().build();
        MockProcessorContext<Object, Object> context = new MockProcessorContext<>();
        store.init(context.getStateStoreContext(), store);
    }

    @Test
    void theNewestEventTimeNeverGoesDown() {
        PartitionEventTimes times = PartitionEventTimes.load(store, WatermarkPolicy.MAX);

        assertThat(times.newest()).isEqualTo(WatermarkPolicy.NONE);
        assertThat(times.observe("orders-0", 1_000)).isTrue();
        assertThat(times.observe("orders-0", 500)).isFalse();
        assertThat(times.newest()).isEqualTo(1_000);
        assertThat(times.observe("orders-0", 1_000)).isFalse();
        assertThat(times.observe("orders-0", 1_001)).isTrue();
        assertThat(times.newest()).isEqualTo(1_001);
    }

    @Test
    void maxPolicyTakesTheNewestOfAllPartitions() {
        PartitionEventTimes times = PartitionEventTimes.load(store, WatermarkPolicy.MAX);

        times.observe("orders-0", 5_000);
        assertThat(times.observe("payments-0", 3_000)).isFalse();
        assertThat(times.newest()).isEqualTo(5_000);
        assertThat(times.observe("payments-0", 7_000)).isTrue();
        assertThat(times.newest()).isEqualTo(7_000);
    }

    @Test
    void aNewInstanceOverTheSameStoreStartsFromThePersistedTimes() {
        PartitionEventTimes before = PartitionEventTimes.load(store, WatermarkPolicy.MAX);
        before.observe("orders-0", 5_000);
        before.observe("payments-0", 9_000);

        PartitionEventTimes after = PartitionEventTimes.load(store, WatermarkPolicy.MAX);

        assertThat(after.newest()).isEqualTo(9_000);
        assertThat(after.observe("orders-0", 6_000)).isFalse();
        assertThat(store.get("orders-0")).isEqualTo(6_000L);
    }
}
