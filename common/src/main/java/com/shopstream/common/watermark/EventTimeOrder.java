package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
 * them), so the order cannot depend on how fast each partition was read.
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
     * Nothing is held at or below it (what was, has been released). Released events stay in RocksDB as tombstones
     * until compaction; a scan from the start would step over all of them on every advance.
     */
    private long releasedUpTo = InputClocks.NONE;
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
        // what the tracker had reached: everything up to it was released before the restart
        this.frontier = new ClockStore(context.getStateStore(clockStoreName)).frontier();
        this.lastAdvance = frontier;
        this.releasedUpTo = frontier;
        // counted again from the store: a revived task re-initializes the same processor
        this.nextSequence = 0;
        this.heldCount = 0;
        try (KeyValueIterator<Bytes, byte[]> all = held.all()) {
            while (all.hasNext()) {
                ByteBuffer key = ByteBuffer.wrap(all.next().key.get());
                key.getLong();
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
                held.put(key(event.newestBefore(), nextSequence++), value(record.key(), event));
                heldCount++;
            }
        } else if (record.value() instanceof Timed.Batch<V> batch) {
            // one partition's events in its order: each is ordered as if it had come alone
            for (EventBatches.Entry<V> entry : EventBatches.entries(batch, type)) {
                process(entry.record());
            }
        } else if (record.value() instanceof Timed.Advance<V> advance) {
            frontier = Math.max(frontier, advance.frontier());
            release(record);
        } else {
            throw new IllegalStateException("the event-time order reads events, batches and advances, not " + record.value());
        }
    }

    private void release(Record<String, Timed<V>> trigger) {
        if (heldCount > 0) {
            List<KeyValue<Bytes, byte[]>> due = new ArrayList<>();
            long from = releasedUpTo == InputClocks.NONE ? InputClocks.NONE : releasedUpTo + 1;
            try (KeyValueIterator<Bytes, byte[]> range = held.range(key(from, 0), key(frontier, Long.MAX_VALUE))) {
                range.forEachRemaining(due::add);
            }
            for (KeyValue<Bytes, byte[]> entry : due) {
                long clock = ByteBuffer.wrap(entry.key.get()).getLong() ^ Long.MIN_VALUE;
                advanceTo(clock, trigger);
                ByteBuffer value = ByteBuffer.wrap(entry.value);
                byte[] key = new byte[value.getInt()];
                value.get(key);
                byte[] timed = new byte[value.remaining()];
                value.get(timed);
                Timed<V> event = serde.deserializer().deserialize(null, timed);
                context.forward(new Record<>(new String(key, StandardCharsets.UTF_8), event,
                        ((Timed.Event<V>) event).event().eventTimeMillis()));
                held.delete(entry.key);
                heldCount--;
            }
        }
        releasedUpTo = frontier;
        advanceTo(frontier, trigger);
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

    private byte[] value(String key, Timed.Event<V> event) {
        byte[] keyBytes = key.getBytes(StandardCharsets.UTF_8);
        byte[] timed = serde.serializer().serialize(null, event);
        return ByteBuffer.allocate(Integer.BYTES + keyBytes.length + timed.length)
                .putInt(keyBytes.length).put(keyBytes).put(timed).array();
    }
}
