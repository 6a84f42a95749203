package com.shopstream.common.writebehind;

import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * A processor's key-value store with the values it read or wrote lately kept as objects: a key read again comes from
 * memory, a key written again changes memory, and each changed key is written to the store once, just before the
 * task's commit ({@link BeforeCommit}), in its transaction. A key stays in memory while it is used in each commit
 * interval; one not used in a whole interval is dropped at the commit that ends it, so memory holds the keys of at
 * most two commit intervals.
 *
 * <p>Why: a per-key state read and rewritten by every record of its key (a customer's sessions, a streak) went through
 * the store's layers both ways each time — metrics, the record cache's maps and dirty set, and the value's serde in
 * each direction — though the next record of the key, often in the same commit interval, would read it back and
 * overwrite it. A key kept past a commit spares the next interval's read of it (a window gets the sums of several
 * source partitions, in consecutive intervals). Callers write the store only through this class: what it keeps
 * would go stale if anything else wrote it, and, with a key order, a key written by another above the greatest this
 * class knows would never be read (counted afresh: a wrong result). A crash before the commit aborts the
 * transaction; the records are read again and memory built again from the store, so nothing of it needs to survive.
 *
 * <p>Values are not copied: a caller must not change a value it read or wrote (write a new one instead).
 */
final class WriteBehindStore<K, V> implements KeyValueState<K, V> {

    private final KeyValueStore<K, V> store;
    private BeforeCommit beforeCommit;
    /** The store's order of the keys, or {@code null}: not known, a scan writes every changed key first. */
    private final Comparator<? super K> keyOrder;
    /**
     * With a key order: the greatest key the store may hold ({@code null}: none), that of the store when this was made
     * or a greater one written since. Every write goes through this class, so a greater key is not looked up.
     */
    private K greatestStored;
    /** Keys read or written in this commit interval or the one before: a store lookup only for the others. */
    private final Map<K, Kept<V>> kept = new HashMap<>();

    /**
     * A key's value as of now ({@code null}: none), whether it was written since the last commit, and whether it was
     * read or written since then.
     */
    private static final class Kept<V> {
        private V value;
        private boolean changed;
        private boolean used = true;

        private Kept(V value, boolean changed) {
            this.value = value;
            this.changed = changed;
        }
    }

    private WriteBehindStore(KeyValueStore<K, V> store, Comparator<? super K> keyOrder) {
        this.store = store;
        this.keyOrder = keyOrder;
        if (keyOrder != null) {
            try (KeyValueIterator<K, V> greatestFirst = store.reverseAll()) {
                greatestStored = greatestFirst.hasNext() ? greatestFirst.next().key : null;
            }
        }
    }

    /**
     * The store {@code name} of the processor's context, written behind ({@link KeyValueState#of(ProcessingContext,
     * String, Comparator)}).
     */
    static <K, V> WriteBehindStore<K, V> of(ProcessingContext context, String name, Comparator<? super K> keyOrder) {
        WriteBehindStore<K, V> store = new WriteBehindStore<>(context.getStateStore(name), keyOrder);
        store.beforeCommit = BeforeCommit.of(context, name, store::flush);
        return store;
    }

    /**
     * The key's value ({@code null}: none). A key not in memory is looked up in the store, unless the store cannot
     * hold it (greater than any it may hold, when the key order is known): a lookup goes through Kafka Streams' store
     * layers (metrics, serdes, the call into RocksDB) whether it finds or not.
     */
    @Override
    public V get(K key) {
        Kept<V> known = kept.get(key);
        if (known == null) {
            known = new Kept<>(mayBeStored(key) ? store.get(key) : null, false);
            kept.put(key, known);
        } else {
            known.used = true;
        }
        return known.value;
    }

    private boolean mayBeStored(K key) {
        return keyOrder == null || (greatestStored != null && keyOrder.compare(key, greatestStored) <= 0);
    }

    private void raiseGreatestStored(K key) {
        if (keyOrder != null && !mayBeStored(key)) {
            greatestStored = key;
        }
    }

    @Override
    public void put(K key, V value) {
        Kept<V> known = kept.get(key);
        if (known == null) {
            kept.put(key, new Kept<>(value, true));
        } else {
            known.value = value;
            known.changed = true;
            known.used = true;
        }
        // after the change: a full record cache may run the hook at once, and it must write this key
        beforeCommit.changed();
    }

    @Override
    public void delete(K key) {
        put(key, null);
    }

    /** Every key of the store, with what was written since the last commit (written to the store first). */
    @Override
    public KeyValueIterator<K, V> all() {
        writeChanged(null, null);
        return store.all();
    }

    /**
     * The keys from {@code from} to {@code to} (both included; {@code null}: open), as {@link #all} sees them: the
     * changed keys in the range (all changed keys, if the key order is not known) are written to the store first.
     */
    @Override
    public KeyValueIterator<K, V> range(K from, K to) {
        writeChanged(from, to);
        return store.range(from, to);
    }

    /**
     * Writes each key changed since the last flush and forgets the keys not used since the one before: before each
     * commit of the task.
     */
    void flush() {
        writeChanged(null, null);
        for (Iterator<Kept<V>> keys = kept.values().iterator(); keys.hasNext(); ) {
            Kept<V> known = keys.next();
            if (known.used) {
                known.used = false;
            } else {
                keys.remove();
            }
        }
    }

    /**
     * Writes each changed key from {@code from} to {@code to}, keeping what it knows: a scan between two commits does
     * not make the next reads miss, nor a key it does not cover written twice in one commit interval. A deleted key
     * is put as {@code null}, which the store takes as a delete: {@code delete} returns the old value, so the RocksDB
     * store would read it first, a lookup per deleted key that nobody uses (on a store with a record cache, the
     * cache's flush still reads it).
     */
    private void writeChanged(K from, K to) {
        kept.forEach((key, known) -> {
            if (known.changed && covers(from, to, key)) {
                if (known.value != null) {
                    // raised first: should the write fail, the bound still covers whatever reached the store
                    raiseGreatestStored(key);
                }
                store.put(key, known.value);
                known.changed = false;
            }
        });
    }

    private boolean covers(K from, K to, K key) {
        return keyOrder == null || ((from == null || keyOrder.compare(from, key) <= 0)
                && (to == null || keyOrder.compare(key, to) <= 0));
    }

    @Override
    public void writeBeforeCommit(ProcessingContext context, Duration interval, Runnable writes) {
        beforeCommit.writeBeforeCommit(context, interval, writes);
    }

    @Override
    public void commitSoon() {
        beforeCommit.commitSoon();
    }

    @Override
    public void close() {
        beforeCommit.close();
    }
}
