package com.shopstream.common.streams;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Where a service's own (Processor API) stores keep their state. RocksDB in production; in memory, restored from the
 * changelog, where state is small or for TopologyTestDriver runs of many records (the driver checkpoints, and so
 * flushes RocksDB, after every single record). The DSL's stores follow {@code dsl.store.suppliers.class} instead.
 */
public enum StateStoreKind {

    ROCKSDB, IN_MEMORY;

    public KeyValueBytesStoreSupplier keyValue(String name) {
        return this == ROCKSDB ? Stores.persistentKeyValueStore(name) : Stores.inMemoryKeyValueStore(name);
    }

    /**
     * A processor's changelogged key-value store. Without Kafka Streams' record cache (the DSL's stores have one by
     * default): it pays only where one key is written again and again within a commit interval, and costs
     * every other write a copy and an LRU entry — measured, the join and dedup drain slower with it. A store whose
     * keys are rewritten that often is written before each commit instead ({@code BeforeCommit}), and must have no
     * cache at all: {@code BeforeCommit.signalStore(store)} switches it off.
     */
    public <K, V> StoreBuilder<KeyValueStore<K, V>> keyValueStore(String name, Serde<K> keys, Serde<V> values) {
        return Stores.keyValueStoreBuilder(keyValue(name), keys, values);
    }
}
