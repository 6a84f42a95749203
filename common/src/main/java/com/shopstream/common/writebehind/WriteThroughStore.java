package com.shopstream.common.writebehind;

import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/** The plain path of a {@link KeyValueState}: every read and write goes to the store when it is made. */
final class WriteThroughStore<K, V> implements KeyValueState<K, V> {

    private final KeyValueStore<K, V> store;

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
    public BeforeCommit beforeCommit() {
        return BeforeCommit.plain(() -> { });
    }

    @Override
    public void close() {
    }
}
