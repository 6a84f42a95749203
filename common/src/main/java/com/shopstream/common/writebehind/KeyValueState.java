package com.shopstream.common.writebehind;

import java.time.Duration;
import java.util.Comparator;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * A processor's key-value store, as the processor reads and writes it: written behind ({@link WriteBehindStore}, the
 * default) or, with {@code shopstream.write-behind=false}, straight through ({@link WriteThroughStore}: the plain
 * path, the readable reference). The processor's store needs its signal store beside it
 * ({@link BeforeCommit#signalStore}) and no record cache.
 */
public interface KeyValueState<K, V> {

    /** The store {@code name} of the processor's context. */
    static <K, V> KeyValueState<K, V> of(ProcessingContext context, String name) {
        return of(context, name, null);
    }

    /**
     * The store {@code name} of the processor's context, with the order in which the store keeps its keys (that of
     * their bytes: {@code Comparator.naturalOrder()} for {@code Bytes} keys; {@code null}: not known), which spares
     * the write-behind store lookups and writes.
     */
    static <K, V> KeyValueState<K, V> of(ProcessingContext context, String name, Comparator<? super K> keyOrder) {
        return BeforeCommit.writesBehind(context.appConfigs()) ? WriteBehindStore.of(context, name, keyOrder)
                : new WriteThroughStore<>(context.getStateStore(name));
    }

    /** The key's value ({@code null}: none). */
    V get(K key);

    /** Values are not copied: a caller must not change a value it read or wrote (write a new one instead). */
    void put(K key, V value);

    void delete(K key);

    /** Every key, with every write made so far. */
    KeyValueIterator<K, V> all();

    /** The keys from {@code from} to {@code to} (both included; {@code null}: open), with every write made so far. */
    KeyValueIterator<K, V> range(K from, K to);

    /**
     * Runs {@code writes} (the processor's update rows) just before each commit of the task, with this state's
     * changes ({@link BeforeCommit#writeBeforeCommit}); {@link #close} stops it.
     *
     * @param interval the task's commit interval ({@code CommitInterval})
     */
    void writeBeforeCommit(ProcessingContext context, Duration interval, Runnable writes);

    /**
     * What {@link #writeBeforeCommit}'s writes hold should reach a {@code read_committed} reader soon, at a commit
     * asked for ({@link BeforeCommit#commitSoon}).
     */
    void commitSoon();

    /** In the processor's {@code close}: nothing is written before a commit any more (its task may become a standby). */
    void close();
}
