package com.shopstream.common.writebehind;

import java.time.Duration;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.Cancellable;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.query.PositionBound;
import org.apache.kafka.streams.query.QueryConfig;
import org.apache.kafka.streams.query.QueryResult;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Runs a processor's hook just before the next commit of its task, in the commit's transaction: a processor that adds
 * many records into one row keeps the row in memory and writes it once per commit, not once per record.
 *
 * <p>How, on public Kafka Streams APIs: Kafka Streams has no pre-commit callback for a processor, but a task's commit
 * first writes down what each store's record cache holds (the documented reason a cached store's writes commit with
 * the offsets of their records). The processor gets a second store, {@link #signalStore}, with a record cache over a
 * store that holds nothing ({@link CommitSignal}); {@link #changed} writes one key into that cache, once per commit
 * interval (so does the tick of {@link #writeBeforeCommit}, to see every commit); the commit writes it down, and the
 * store under the cache runs the hook. A full thread cache may write it down earlier: the hook then runs early, which
 * costs only speed. The rows the hook writes go to stores without a
 * record cache of their own (a cache the commit had already written down would keep them past the commit):
 * {@link #signalStore(StoreBuilder)} switches the store's off.
 *
 * <p>Write-through, {@code shopstream.write-behind=false}: {@link #changed} runs the hook at once, so every change is
 * written when it is made, as a processor without this class would. The outputs are the same either way (the golden
 * tests run both); only the number of store writes differs.
 */
public final class BeforeCommit {

    /** The streams configuration's key: {@code false} writes every change at once (default {@code true}). */
    public static final String WRITE_BEHIND_CONFIG = "shopstream.write-behind";

    private static final String SIGNAL_SUFFIX = "-before-commit";
    private static final Bytes SIGNAL = Bytes.wrap(new byte[] {1});
    private static final byte[] WRITE_DOWN = new byte[0];
    private static final QueryConfig QUIET = new QueryConfig(false);

    /** The signal store, or {@code null} on the plain path. */
    private final KeyValueStore<Bytes, byte[]> signal;
    private final Runnable hook;
    /** The task's wall clock, as Kafka Streams last read it for the task (a test driver's mock time in tests). */
    private final LongSupplier clock;
    /** Whether the signal waits in the record cache: the hook then runs before the next commit. */
    private boolean armed;
    /** Whether the signal is being put: a hook run then is the thread cache's eviction, not a commit. */
    private boolean arming;
    /**
     * Whether the thread cache wrote the signal down as it was put, since the last commit seen: the tick then arms it
     * no more (with no room in the cache, every put would run the hook), and the commits go unseen until a change's
     * signal lasts until one.
     */
    private boolean evicted;
    /** When the task last committed, for what is written just before each commit ({@link #writeBeforeCommit}). */
    private CommitPhase phase;
    /** The punctuation of {@link #writeBeforeCommit}, cancelled by {@link #close}. */
    private Cancellable tick;
    /** Whether what the writes hold should be committed soon ({@link #commitSoon}). */
    private boolean soon;

    private BeforeCommit(KeyValueStore<Bytes, byte[]> signal, Runnable hook, LongSupplier clock) {
        this.signal = signal;
        this.hook = hook;
        this.clock = clock;
    }

    /** The signal store of the processor's store {@code store}. */
    public static String signalName(String store) {
        return store + SIGNAL_SUFFIX;
    }

    /** Whether the store {@code name} is a signal store (it holds nothing: progress does not report it). */
    public static boolean isSignalStore(String name) {
        return name.endsWith(SIGNAL_SUFFIX);
    }

    /**
     * The signal store to add to the processor beside the store {@code store} its hook writes: in memory, without a
     * changelog, with a record cache. Switches {@code store}'s own record cache off: rows the hook writes into a cache
     * the commit has already written down would miss the commit.
     */
    public static StoreBuilder<KeyValueStore<Bytes, byte[]>> signalStore(StoreBuilder<?> store) {
        store.withCachingDisabled();
        return Stores.keyValueStoreBuilder(new CommitSignal.Supplier(signalName(store.name()), true), Serdes.Bytes(),
                Serdes.ByteArray()).withCachingEnabled().withLoggingDisabled();
    }

    /**
     * Runs {@code hook} before each commit of the processor's task once something changed ({@link #changed}), or at
     * every commit once {@link #writeBeforeCommit} ticks; a processor's latest {@code init} sets it. The processor's
     * {@code close} calls {@link #close}.
     *
     * @param store the processor's store whose signal store ({@link #signalStore}) the processor has
     */
    public static BeforeCommit of(ProcessingContext context, String store, Runnable hook) {
        if (!writesBehind(context.appConfigs())) {
            return plain(hook);
        }
        KeyValueStore<Bytes, byte[]> signal = context.getStateStore(signalName(store));
        BeforeCommit beforeCommit = new BeforeCommit(signal, hook, context::currentSystemTimeMs);
        beforeCommit.register(beforeCommit::run);
        return beforeCommit;
    }

    /** The plain path's: {@code hook} runs at each {@link #changed}. */
    static BeforeCommit plain(Runnable hook) {
        return new BeforeCommit(null, hook, () -> 0);
    }

    /** Whether the streams configuration writes behind ({@link #WRITE_BEHIND_CONFIG}). */
    public static boolean writesBehind(Map<String, Object> streamsConfigs) {
        Object value = streamsConfigs.get(WRITE_BEHIND_CONFIG);
        if (value == null || value instanceof Boolean) {
            return value == null || (Boolean) value;
        }
        String text = value.toString().strip();
        if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(WRITE_BEHIND_CONFIG + " must be true or false: " + value);
        }
        return Boolean.parseBoolean(text);
    }

    /** Whether changes wait for the commit ({@code false}: the plain path, each written at once). */
    public boolean writesBehind() {
        return signal != null;
    }

    /**
     * Something the hook writes changed: the hook runs before the next commit (on the plain path, now). Cheap when
     * called again before that commit.
     */
    public void changed() {
        if (signal == null) {
            hook.run();
        } else if (!armed) {
            arm();
        }
    }

    private void arm() {
        armed = true;
        // a full thread cache writes the signal down at once, inside this put: that runs the hook, but is no commit
        arming = true;
        try {
            signal.put(SIGNAL, WRITE_DOWN);
        } finally {
            arming = false;
        }
    }

    /**
     * The hook no longer runs, nor the writes of {@link #writeBeforeCommit} (the processor's {@code close}: its task
     * may become a standby, or be initialized again, which schedules its own).
     */
    public void close() {
        if (tick != null) {
            tick.cancel();
            tick = null;
        }
        if (signal != null && signal.isOpen()) {
            register(null);
        }
    }

    /**
     * Runs {@code writes} on a wall-clock punctuation just before each commit of the task ({@link CommitPhase}): what
     * it writes for a {@code read_committed} reader (update rows, partial sums) then waits for no timer besides the
     * commit. It ticks every twentieth of {@code interval}, and arms the signal when nothing else did, so that the
     * hook runs in every commit and each one is seen. On the plain path, which sees no commits, and while the commits
     * are not known, every {@code interval}. One call per processor's {@code init}; {@link #close} stops it.
     *
     * @param interval the task's commit interval ({@code CommitInterval})
     */
    public void writeBeforeCommit(ProcessingContext context, Duration interval, Runnable writes) {
        if (tick != null) {
            throw new IllegalStateException("writes before commit are scheduled already: one call per init");
        }
        if (signal == null) {
            tick = context.schedule(interval, PunctuationType.WALL_CLOCK_TIME, now -> writes.run());
            return;
        }
        long every = Math.max(1, interval.toMillis() / 20);
        phase = new CommitPhase(interval.toMillis(), every);
        tick = context.schedule(Duration.ofMillis(every), PunctuationType.WALL_CLOCK_TIME, now -> {
            boolean asked = soon && phase.commitSoon(now);
            soon = false;
            if (asked || phase.writeNow(now)) {
                writes.run();
            }
            if (asked) {
                context.commit();
            }
            // after the writes: an arm the cache writes down at once runs the hook, which should see them
            if (!armed && !evicted) {
                arm();
            }
        });
    }

    /**
     * What the writes of {@link #writeBeforeCommit} hold should reach a {@code read_committed} reader soon: the next
     * tick writes it and asks Kafka Streams for a commit ({@code ProcessingContext#commit}), if the task's own commit
     * is more than half an interval away and none was asked for since it ({@link CommitPhase#commitSoon}). What comes
     * in just after an upstream task's commit (partial sums, batches across a repartition) then waits for one commit,
     * not two. Cheap when called again; nothing on the plain path, whose writes are timed.
     */
    public void commitSoon() {
        soon = true;
    }

    private void run() {
        armed = false;
        if (arming) {
            evicted = true;
        } else if (phase != null) {
            evicted = false;
            phase.committed(clock.getAsLong());
        }
        hook.run();
    }

    private void register(Runnable registered) {
        QueryResult<Void> result = signal.query(new CommitSignal.Register(registered), PositionBound.unbounded(),
                QUIET);
        if (!result.isSuccess()) {
            throw new IllegalStateException("store " + signal.name() + " cannot run this processor's hook (build it"
                    + " with BeforeCommit.signalStore, one per processor): " + result.getFailureMessage());
        }
    }
}
