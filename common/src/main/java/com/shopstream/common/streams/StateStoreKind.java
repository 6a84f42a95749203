package com.shopstream.common.streams;

import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
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
}
