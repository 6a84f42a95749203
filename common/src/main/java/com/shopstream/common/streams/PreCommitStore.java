package com.shopstream.common.streams;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.internals.WrappedStateStore;

/**
 * A key-value store that lets its processor write what it keeps in memory just before each commit of its task, in
 * the commit's transaction.
 *
 * <p>Why: Kafka Streams has no pre-commit hook for a processor, so a processor that adds many records into one row
 * (a sum, a batch) has to write the row to its store at every record, or a crash between the records' commit and the
 * row's write would lose them. Every write costs the store's layers (metrics, the record cache's tree, a copy of the
 * row). A task's commit, though, first flushes the record caches of its stores ({@code prepareCommit}, before the
 * producer's flush and the transaction's commit): this store runs the processor's hook there, so the processor
 * writes each changed row once per commit, and rows made and sent within one commit not at all. A crash before the
 * commit aborts the transaction and the records are read again, the memory built again from the store.
 *
 * <p>The hook is Kafka Streams' internal {@code CachedStateStore#flushCache} (this class is a {@link WrappedStateStore},
 * as the record cache's own layer is): an upgrade of Kafka Streams must keep calling it before a commit.
 * orders-service's {@code OrderWindowTopologyTest} checks it does, with TopologyTestDriver, which commits as a stream
 * thread does.
 */
public final class PreCommitStore<K, V> extends WrappedStateStore<KeyValueStore<K, V>, K, V>
        implements KeyValueStore<K, V> {

    private static final Runnable NOTHING = () -> { };

    private Runnable beforeCommit = NOTHING;

    PreCommitStore(KeyValueStore<K, V> store) {
        super(store);
    }

    /** The store {@code builder} builds, wrapped in a {@link PreCommitStore}. */
    public static <K, V> StoreBuilder<KeyValueStore<K, V>> builder(StoreBuilder<KeyValueStore<K, V>> builder) {
        return new Builder<>(builder);
    }

    /**
     * The {@link PreCommitStore} a processor's context gives as {@code name} (behind Kafka Streams' read-write
     * decorator).
     */
    @SuppressWarnings("unchecked")
    public static <K, V> PreCommitStore<K, V> of(ProcessingContext context, String name) {
        StateStore store = context.getStateStore(name);
        while (!(store instanceof PreCommitStore<?, ?>) && store instanceof WrappedStateStore<?, ?, ?> wrapper) {
            store = wrapper.wrapped();
        }
        if (store instanceof PreCommitStore<?, ?> preCommit) {
            return (PreCommitStore<K, V>) preCommit;
        }
        throw new IllegalStateException("store " + name + " is not a PreCommitStore: build it with "
                + "PreCommitStore.builder");
    }

    /** Sets what runs before each commit of the task (a processor's latest {@code init} sets it). */
    public void beforeCommit(Runnable hook) {
        this.beforeCommit = hook;
    }

    /** Nothing runs before a commit any more (a processor's {@code close}: its task may become a standby). */
    public void clearBeforeCommit() {
        this.beforeCommit = NOTHING;
    }

    @Override
    public void flushCache() {
        beforeCommit.run();
        super.flushCache();
    }

    @Override
    public void close() {
        beforeCommit = NOTHING;
        super.close();
    }

    @Override
    public void put(K key, V value) {
        wrapped().put(key, value);
    }

    @Override
    public V putIfAbsent(K key, V value) {
        return wrapped().putIfAbsent(key, value);
    }

    @Override
    public void putAll(List<KeyValue<K, V>> entries) {
        wrapped().putAll(entries);
    }

    @Override
    public V delete(K key) {
        return wrapped().delete(key);
    }

    @Override
    public V get(K key) {
        return wrapped().get(key);
    }

    @Override
    public KeyValueIterator<K, V> range(K from, K to) {
        return wrapped().range(from, to);
    }

    @Override
    public KeyValueIterator<K, V> reverseRange(K from, K to) {
        return wrapped().reverseRange(from, to);
    }

    @Override
    public KeyValueIterator<K, V> all() {
        return wrapped().all();
    }

    @Override
    public KeyValueIterator<K, V> reverseAll() {
        return wrapped().reverseAll();
    }

    @Override
    public <PS extends Serializer<P>, P> KeyValueIterator<K, V> prefixScan(P prefix, PS prefixKeySerializer) {
        return wrapped().prefixScan(prefix, prefixKeySerializer);
    }

    @Override
    public long approximateNumEntries() {
        return wrapped().approximateNumEntries();
    }

    /** Builds the inner builder's store and wraps it; every setting goes to the inner builder. */
    private record Builder<K, V>(StoreBuilder<KeyValueStore<K, V>> inner)
            implements StoreBuilder<KeyValueStore<K, V>> {

        @Override
        public StoreBuilder<KeyValueStore<K, V>> withCachingEnabled() {
            return new Builder<>(inner.withCachingEnabled());
        }

        @Override
        public StoreBuilder<KeyValueStore<K, V>> withCachingDisabled() {
            return new Builder<>(inner.withCachingDisabled());
        }

        @Override
        public StoreBuilder<KeyValueStore<K, V>> withLoggingEnabled(Map<String, String> config) {
            return new Builder<>(inner.withLoggingEnabled(config));
        }

        @Override
        public StoreBuilder<KeyValueStore<K, V>> withLoggingDisabled() {
            return new Builder<>(inner.withLoggingDisabled());
        }

        @Override
        public KeyValueStore<K, V> build() {
            return new PreCommitStore<>(inner.build());
        }

        @Override
        public Map<String, String> logConfig() {
            return inner.logConfig();
        }

        @Override
        public boolean loggingEnabled() {
            return inner.loggingEnabled();
        }

        @Override
        public String name() {
            return inner.name();
        }
    }
}
