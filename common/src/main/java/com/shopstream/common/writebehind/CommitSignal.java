package com.shopstream.common.writebehind;

import java.util.List;
import java.util.NoSuchElementException;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.StateStore;
import org.apache.kafka.streams.processor.StateStoreContext;
import org.apache.kafka.streams.query.FailureReason;
import org.apache.kafka.streams.query.Position;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.Query;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.KeyValueBytesStoreSupplier;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The bottom of a {@link BeforeCommit} store: holds nothing, and runs its processor's hook whenever a write reaches
 * it. Above it sits Kafka Streams' record cache, which writes a key down when the task commits (or when the thread's
 * cache is full): a signal written into the cache comes down here just before the commit.
 *
 * <p>The processor registers its hook with a query of its own ({@link Register}): Kafka Streams' store layers pass a
 * query they do not know down to the store that answers it, so the processor reaches this object through public
 * interfaces only.
 */
final class CommitSignal implements KeyValueStore<Bytes, byte[]> {

    private static final Runnable NOTHING = () -> { };

    /**
     * Sets the hook the store runs; {@code null} removes it. One processor's hook at a time: a second one would leave
     * the first armed forever, its changes never written.
     */
    record Register(Runnable hook) implements Query<Void> {
    }

    /**
     * Runs the hook now if a signal was written since it last ran, as a commit would: for tests under
     * {@code MockProcessorContext}, whose stores have no record cache. A change its processor did not signal is then
     * not written, as in a service.
     */
    record Fire() implements Query<Void> {
    }

    private final String name;
    /** Whether a write runs the hook: not in a test's store, where {@link Fire} stands for the commit. */
    private final boolean firesOnWrite;
    private Runnable hook = NOTHING;
    /** A signal written and not yet fired (only where writes do not run the hook). */
    private boolean pending;
    private boolean open;

    CommitSignal(String name, boolean firesOnWrite) {
        this.name = name;
        this.firesOnWrite = firesOnWrite;
    }

    /** Makes a signal per task. */
    record Supplier(String name, boolean firesOnWrite) implements KeyValueBytesStoreSupplier {

        @Override
        public KeyValueStore<Bytes, byte[]> get() {
            return new CommitSignal(name, firesOnWrite);
        }

        @Override
        public String metricsScope() {
            return "before-commit";
        }
    }

    @Override
    public <R> QueryResult<R> query(Query<R> query, PositionBound positionBound, QueryConfig config) {
        if (query instanceof Register register) {
            if (register.hook() != null && hook != NOTHING) {
                return QueryResult.forFailure(FailureReason.STORE_EXCEPTION, "store " + name + " runs another"
                        + " processor's hook already: each processor needs a signal store of its own");
            }
            hook = register.hook() == null ? NOTHING : register.hook();
            return QueryResult.forResult(null);
        }
        if (query instanceof Fire) {
            if (pending) {
                pending = false;
                hook.run();
            }
            return QueryResult.forResult(null);
        }
        return QueryResult.forUnknownQueryType(query, this);
    }

    @Override
    public void put(Bytes key, byte[] value) {
        if (firesOnWrite) {
            hook.run();
        } else {
            pending = true;
        }
    }

    @Override
    public byte[] putIfAbsent(Bytes key, byte[] value) {
        put(key, value);
        return null;
    }

    @Override
    public void putAll(List<KeyValue<Bytes, byte[]>> entries) {
        if (!entries.isEmpty()) {
            put(null, null);
        }
    }

    @Override
    public byte[] delete(Bytes key) {
        return null;
    }

    @Override
    public byte[] get(Bytes key) {
        return null;
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> range(Bytes from, Bytes to) {
        return new Empty();
    }

    @Override
    public KeyValueIterator<Bytes, byte[]> all() {
        return new Empty();
    }

    @Override
    public long approximateNumEntries() {
        return 0;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void init(StateStoreContext context, StateStore root) {
        // nothing to restore: the signal has no changelog and holds nothing
        context.register(root, (key, value) -> { });
        open = true;
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        hook = NOTHING;
        pending = false;
        open = false;
    }

    @Override
    public boolean persistent() {
        return false;
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public Position getPosition() {
        return Position.emptyPosition();
    }

    private static final class Empty implements KeyValueIterator<Bytes, byte[]> {

        @Override
        public boolean hasNext() {
            return false;
        }

        @Override
        public KeyValue<Bytes, byte[]> next() {
            throw new NoSuchElementException();
        }

        @Override
        public Bytes peekNextKey() {
            throw new NoSuchElementException();
        }

        @Override
        public void close() {
        }
    }
}
