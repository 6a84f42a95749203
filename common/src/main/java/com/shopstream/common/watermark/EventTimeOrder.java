package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.eventtime.InputClocks;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Feeds an order-sensitive operator (sessions merge, a streak counts in order) one sequence that depends only on
 * what each input partition holds: events in the order of their partition's clock before them
 * ({@code newestBefore}), each run of equal clocks after an {@link Timed.Advance} to that clock, so the operator
 * makes final what the partitions' watermarks had made final before the event — as if one reader had merged the
 * partitions by their watermarks. An event is held (in a changelogged store) until the frontier reaches its clock;
 * no event can come later with a smaller one (a partition's clock only goes up, and the frontier is the oldest of
 * them), so the order cannot depend on how fast each partition was read. The held events of a batch are one entry,
 * a run ({@link HeldEvents}): one store write and one delete for the batch, not for each event.
 *
 * <p>Events with the same clock from different partitions may come in either order; the operators behind it give
 * the same final results either way (merging sessions is commutative at a fixed watermark).
 */
final class EventTimeOrder<V extends ShopEvent> implements Processor<String, Timed<V>, String, Timed<V>> {

    private final String storeName;
    private final String clockStoreName;
    private final Class<V> type;
    private final TimedSerde<V> serde;
    private ProcessorContext<String, Timed<V>> context;
    private KeyValueStore<Bytes, byte[]> held;
    private long frontier = InputClocks.NONE;
    private long lastAdvance = InputClocks.NONE;
    /**
     * No entry is keyed below it: a scan starts here. Released entries stay in RocksDB as tombstones until
     * compaction; a scan from the start would step over all of them on every advance. Above the frontier, except for
     * a run the frontier has partly released, which keeps its key (and its value) until its last event goes.
     */
    private long scanFrom = InputClocks.NONE;
    private long nextSequence;
    private long heldCount;

    EventTimeOrder(String storeName, String clockStoreName, Class<V> type) {
        this.storeName = storeName;
        this.clockStoreName = clockStoreName;
        this.type = type;
        this.serde = new TimedSerde<>(type);
    }

    @Override
    public void init(ProcessorContext<String, Timed<V>> context) {
        this.context = context;
        this.held = context.getStateStore(storeName);
        // what the tracker had reached: everything up to it was released before the restart (a run's events too)
        this.frontier = new ClockStore(context.getStateStore(clockStoreName)).frontier();
        this.lastAdvance = frontier;
        this.scanFrom = frontier == InputClocks.NONE ? InputClocks.NONE : frontier + 1;
        // counted again from the store: a revived task re-initializes the same processor
        this.nextSequence = 0;
        this.heldCount = 0;
        try (KeyValueIterator<Bytes, byte[]> all = held.all()) {
            while (all.hasNext()) {
                ByteBuffer key = ByteBuffer.wrap(all.next().key.get());
                long clock = key.getLong() ^ Long.MIN_VALUE;
                scanFrom = Math.min(scanFrom, clock);
                nextSequence = Math.max(nextSequence, key.getLong() + 1);
                heldCount++;
            }
        }
    }

    @Override
    public void process(Record<String, Timed<V>> record) {
        if (record.value() instanceof Timed.Event<V> event) {
            if (event.newestBefore() <= frontier) {
                // nothing held sorts before it (held events are all ahead of the frontier)
                context.forward(record);
            } else {
                hold(List.of(new HeldEvents.Held(event.newestBefore(), record.key(),
                        serde.serializer().serialize(null, event))));
            }
        } else if (record.value() instanceof Timed.Batch<V> batch) {
            // one partition's events in its order, their clocks never going down: those the frontier has reached go
            // on as each would alone, the rest are held as one run (one store write, not one per event)
            List<HeldEvents.Held> run = new ArrayList<>();
            for (EventBatches.Entry<V> entry : EventBatches.entries(batch, type)) {
                if (run.isEmpty() && entry.event().newestBefore() <= frontier) {
                    context.forward(entry.record());
                } else {
                    run.add(new HeldEvents.Held(entry.event().newestBefore(), entry.key(),
                            serde.serializer().serialize(null, entry.event())));
                }
            }
            if (!run.isEmpty()) {
                hold(run);
            }
        } else if (record.value() instanceof Timed.Advance<V> advance) {
            long before = frontier;
            frontier = Math.max(frontier, advance.frontier());
            release(before, record);
        } else {
            throw new IllegalStateException("the event-time order reads events, batches and advances, not " + record.value());
        }
    }

    private void hold(List<HeldEvents.Held> run) {
        held.put(key(run.get(0).clock(), nextSequence++), HeldEvents.encode(run));
        heldCount++;
    }

    /** Releases what lies between the frontier {@code before} the advance and the one now. */
    private void release(long before, Record<String, Timed<V>> trigger) {
        long next = frontier + 1;
        if (heldCount > 0 && scanFrom <= frontier) {
            List<KeyValue<Bytes, byte[]>> due = new ArrayList<>();
            try (KeyValueIterator<Bytes, byte[]> range = held.range(key(scanFrom, 0), key(frontier, Long.MAX_VALUE))) {
                range.forEachRemaining(due::add);
            }
            List<Released> released = new ArrayList<>();
            for (KeyValue<Bytes, byte[]> entry : due) {
                ByteBuffer key = ByteBuffer.wrap(entry.key.get());
                long keyClock = key.getLong() ^ Long.MIN_VALUE;
                long sequence = key.getLong();
                HeldEvents.Release release = HeldEvents.release(entry.value, keyClock, before, frontier);
                for (int i = 0; i < release.released().size(); i++) {
                    released.add(new Released(sequence, i, release.released().get(i)));
                }
                if (release.emptied()) {
                    held.delete(entry.key);
                    heldCount--;
                } else {
                    next = Math.min(next, keyClock);   // a run partly released keeps its key: scans start there
                }
            }
            // as one by one: by clock, then arrival, then place in the run
            released.sort(Comparator.comparingLong((Released r) -> r.event().clock())
                    .thenComparingLong(Released::sequence).thenComparingInt(Released::index));
            for (Released each : released) {
                advanceTo(each.event().clock(), trigger);
                Timed<V> event = serde.deserializer().deserialize(null, each.event().timed());
                context.forward(new Record<>(each.event().key(), event,
                        ((Timed.Event<V>) event).event().eventTimeMillis()));
            }
        }
        scanFrom = next;
        advanceTo(frontier, trigger);
    }

    /** A released event, with the arrival sequence of its run and its place in it. */
    private record Released(long sequence, int index, HeldEvents.Held event) {
    }

    private void advanceTo(long clock, Record<String, Timed<V>> trigger) {
        if (clock > lastAdvance) {
            lastAdvance = clock;
            context.forward(trigger.withValue(new Timed.Advance<>(clock)));
        }
    }

    /** The clock first, sign bit flipped so that byte order is numeric order; then the arrival sequence. */
    private static Bytes key(long clock, long sequence) {
        return Bytes.wrap(ByteBuffer.allocate(2 * Long.BYTES).putLong(clock ^ Long.MIN_VALUE).putLong(sequence)
                .array());
    }
}
