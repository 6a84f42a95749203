package com.shopstream.common.streams;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A processor's key-value store with the values it read or wrote since the last commit kept as objects: a key read
 * again comes from memory, a key written again changes memory, and each changed key is written to the store once,
 * just before the task's commit ({@link PreCommitStore}), in its transaction. What it keeps is dropped at each commit,
 * so memory holds only the keys of one commit interval.
 *
 * <p>Why: a per-key state read and rewritten by every record of its key (a customer's sessions, a streak) went through
 * the store's layers both ways each time — metrics, the record cache's maps and dirty set, and the value's serde in
 * each direction — though the next record of the key, often in the same commit interval, would read it back and
 * overwrite it. A crash before the commit aborts the transaction; the records are read again and memory built again
 * from the store, so nothing of it needs to survive.
 *
 * <p>Values are not copied: a caller must not change a value it read or wrote (write a new one instead).
 */
public final class WriteBehindStore<K, V> {

    /** A deleted key, among the changed ones. */
    private static final Object DELETED = new Object();

    private final KeyValueStore<K, V> store;
    private final PreCommitStore<K, V> preCommit;
    /** Keys read since the last commit, unchanged. */
    private final Map<K, V> read = new HashMap<>();
    /** Keys written since the last commit: their value, or {@link #DELETED}. */
    private final Map<K, Object> changed = new HashMap<>();

    private WriteBehindStore(KeyValueStore<K, V> store, PreCommitStore<K, V> preCommit) {
        this.store = store;
        this.preCommit = preCommit;
    }

    /** The store {@code name} of the processor's context (built with {@link PreCommitStore#builder}). */
    public static <K, V> WriteBehindStore<K, V> of(ProcessingContext context, String name) {
        PreCommitStore<K, V> preCommit = PreCommitStore.of(context, name);
        WriteBehindStore<K, V> store = new WriteBehindStore<>(context.getStateStore(name), preCommit);
        preCommit.beforeCommit(store::flush);
        return store;
    }

    @SuppressWarnings("unchecked")
    public V get(K key) {
        Object value = changed.get(key);
        if (value != null) {
            return value == DELETED ? null : (V) value;
        }
        V stored = read.get(key);
        if (stored == null && !read.containsKey(key)) {
            stored = store.get(key);
            read.put(key, stored);
        }
        return stored;
    }

    public void put(K key, V value) {
        if (value == null) {
            delete(key);
            return;
        }
        read.remove(key);
        changed.put(key, value);
    }

    public void delete(K key) {
        read.remove(key);
        changed.put(key, DELETED);
    }

    /** Every key of the store, with what was written since the last commit (written to the store first). */
    public KeyValueIterator<K, V> all() {
        flush();
        return store.all();
    }

    /** Writes each key changed since the last flush and forgets what was read: before each commit of the task. */
    @SuppressWarnings("unchecked")
    public void flush() {
        changed.forEach((key, value) -> {
            if (value == DELETED) {
                store.delete(key);
            } else {
                store.put(key, (V) value);
            }
        });
        changed.clear();
        read.clear();
    }

    /** Nothing is written before a commit any more (the processor's {@code close}: its task may become a standby). */
    public void close() {
        preCommit.clearBeforeCommit();
    }
}
