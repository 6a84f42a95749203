package com.shopstream.common.writebehind;

import java.time.Duration;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** The plain path of a {@link KeyValueState}: every read and write goes to the store when it is made. */
final class WriteThroughStore<K, V> implements KeyValueState<K, V> {

    private final KeyValueStore<K, V> store;
    /** Without a signal: what {@link #writeBeforeCommit} schedules is a timer of one interval. */
    private final BeforeCommit plain = BeforeCommit.plain(() -> { });

    WriteThroughStore(KeyValueStore<K, V> store) {
        this.store = store;
    }

    @Override
    public V get(K key) {
        return store.get(key);
    }

    @Override
    public void put(K key, V value) {
        store.put(key, value);
    }

    @Override
    public void delete(K key) {
        store.delete(key);
    }

    @Override
    public KeyValueIterator<K, V> all() {
        return store.all();
    }

    @Override
    public KeyValueIterator<K, V> range(K from, K to) {
        return store.range(from, to);
    }

    @Override
    public void writeBeforeCommit(ProcessingContext context, Duration interval, Runnable writes) {
        plain.writeBeforeCommit(context, interval, writes);
    }

    @Override
    public void commitSoon() {
        plain.commitSoon();
    }

    @Override
    public void close() {
        plain.close();
    }
}
