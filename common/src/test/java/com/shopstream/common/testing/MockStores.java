package com.shopstream.common.testing;

import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.common.writebehind.TestSignals;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/** Stores for a processor under {@link MockProcessorContext}: in memory, without a changelog, added to the context. */
public final class MockStores {

    private MockStores() {
    }

    public static <K, V> KeyValueStore<K, V> keyValue(MockProcessorContext<?, ?> context, String name, Serde<K> keys,
                                                      Serde<V> values) {
        return add(context, Stores.keyValueStoreBuilder(StateStoreKind.IN_MEMORY.keyValue(name), keys, values));
    }

    /**
     * A store its processor writes before each commit ({@link BeforeCommit}), with its signal store: {@link #commit}
     * is the task's commit.
     */
    public static <K, V> KeyValueStore<K, V> writtenBeforeCommit(MockProcessorContext<?, ?> context, String name,
                                                                 Serde<K> keys, Serde<V> values) {
        add(context, TestSignals.signalStore(name));
        return add(context, Stores.keyValueStoreBuilder(StateStoreKind.IN_MEMORY.keyValue(name), keys, values));
    }

    /**
     * {@link #writtenBeforeCommit}, on the bytes store given (a test's spy, to see what reaches the bottom of the
     * store: the layers above it are Kafka Streams' own).
     */
    public static <K, V> KeyValueStore<K, V> writtenBeforeCommit(MockProcessorContext<?, ?> context,
                                                                 KeyValueStore<Bytes, byte[]> bytes, Serde<K> keys,
                                                                 Serde<V> values) {
        KeyValueBytesStoreSupplier supplier = new KeyValueBytesStoreSupplier() {
            @Override
            public String name() {
                return bytes.name();
            }

            @Override
            public KeyValueStore<Bytes, byte[]> get() {
                return bytes;
            }

            @Override
            public String metricsScope() {
                return "test";
            }
        };
        add(context, TestSignals.signalStore(bytes.name()));
        return add(context, Stores.keyValueStoreBuilder(supplier, keys, values));
    }

    /** What the task's commit runs first: the hook of the processor that writes {@code store} before each commit. */
    public static void commit(MockProcessorContext<?, ?> context, String store) {
        TestSignals.commit(context, store);
    }

    /** Builds the store {@code builder} describes (its changelog off) and adds it to {@code context}. */
    public static <S extends StateStore> S add(MockProcessorContext<?, ?> context, StoreBuilder<S> builder) {
        S store = builder.withLoggingDisabled().build();
        store.init(context.getStateStoreContext(), store);
        context.addStateStore(store);
        return store;
    }
}
