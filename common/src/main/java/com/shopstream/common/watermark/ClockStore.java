package com.shopstream.common.watermark;

import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessingContext;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * {@link InputClocks} kept in a changelogged store, so that the clocks and the frontier survive restarts,
 * rebalances and {@code kill -9}: under {@code exactly_once_v2} a row commits with the offsets of the records that
 * wrote it. Rows: {@code p/<topic>/<partition>} (newest, idle, the end offset it was idle at), {@code n/<topic>} (partition count) and
 * {@code frontier}, with the hold-backs it was reached with ({@link InputClocks#ofTopics(java.util.Collection, Map)}).
 *
 * <p>A frontier reached with other hold-backs than the table's now (an input's own delay changed) is not restored:
 * it is a minimum over clocks held back by other amounts, and would put the query's watermark where no partition's
 * watermark is. The frontier is then computed again from the partitions' clocks, with the delays as they are now.
 * A frontier row written before hold-backs existed has none.
 *
 * <p>A processor's store ({@link #beforeEachCommit}) writes what changed once per commit, just before it
 * ({@link BeforeCommit}): a partition's clock moves with most of its records, and a write per record cost the
 * source step a store write (metrics, a copy, the changelog's record) for what the next record overwrites.
 */
final class ClockStore {

    private static final String FRONTIER = "frontier";

    private final KeyValueStore<String, byte[]> store;
    /** What the frontier is reached with, sorted: written with it, compared when it is read. */
    private final Map<String, Long> holdBacks;
    /** {@code null}: a reader's store, written at once. */
    private BeforeCommit beforeCommit;
    private final Map<InputPartition, String> keys = new HashMap<>();
    /** The clocks to write from at the next {@link #flush}. */
    private InputClocks changed;
    private final Set<InputPartition> changedPartitions = new LinkedHashSet<>();
    private boolean countsChanged;
    private long changedFrontier = InputClocks.NONE;

    /** A store written at once (readers, and tests that set a store up), of a table without hold-backs. */
    ClockStore(KeyValueStore<String, byte[]> store) {
        this(store, Map.of());
    }

    /** A store written at once, of a table with these hold-backs. */
    ClockStore(KeyValueStore<String, byte[]> store, Map<String, Long> holdBacks) {
        this.store = store;
        this.holdBacks = new TreeMap<>(holdBacks);
    }

    /**
     * A processor's store {@code name} (built with {@link #builders}): what it saves is written just before each
     * commit of its task; {@link #close} in the processor's {@code close}.
     */
    static ClockStore beforeEachCommit(ProcessingContext context, String name, Map<String, Long> holdBacks) {
        ClockStore clocks = new ClockStore(context.getStateStore(name), holdBacks);
        clocks.beforeCommit = BeforeCommit.of(context, name, clocks::flush);
        return clocks;
    }

    /**
     * A handful of rows per task: in memory, restored from its changelog, written once per commit; with the signal
     * store that runs the write.
     */
    static StoreBuilder<?>[] builders(String name) {
        StoreBuilder<?> clocks = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(),
                Serdes.ByteArray()).withLoggingEnabled(Map.of());
        return new StoreBuilder<?>[] {clocks, BeforeCommit.signalStore(clocks)};
    }

    void loadInto(InputClocks clocks) {
        Map<InputPartition, InputClocks.Entry> entries = new HashMap<>();
        Map<String, Integer> counts = new HashMap<>();
        long frontier = InputClocks.NONE;
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<String, byte[]> row = all.next();
                ByteBuffer value = ByteBuffer.wrap(row.value);
                if (row.key.equals(FRONTIER)) {
                    frontier = frontier(row.value);
                } else if (row.key.startsWith("n/")) {
                    counts.put(row.key.substring(2), value.getInt());
                } else if (row.key.startsWith("p/")) {
                    int slash = row.key.lastIndexOf('/');
                    InputPartition partition = new InputPartition(row.key.substring(2, slash),
                            Integer.parseInt(row.key.substring(slash + 1)));
                    entries.put(partition, new InputClocks.Entry(value.getLong(), value.get() == 1, value.getLong()));
                }
            }
        }
        clocks.restore(entries, counts, frontier);
    }

    /** The frontier a task reached before: what its operators had already made final. */
    long frontier() {
        byte[] value = store.get(FRONTIER);
        return value == null ? InputClocks.NONE : frontier(value);
    }

    /** The frontier of a row, {@link InputClocks#NONE} if it was reached with other hold-backs than now. */
    private long frontier(byte[] row) {
        ByteBuffer value = ByteBuffer.wrap(row);
        long frontier = value.getLong();
        Map<String, Long> reachedWith = new TreeMap<>();
        int count = value.remaining() >= Integer.BYTES ? value.getInt() : 0;
        for (int i = 0; i < count; i++) {
            byte[] topic = new byte[value.getShort()];
            value.get(topic);
            reachedWith.put(new String(topic, StandardCharsets.UTF_8), value.getLong());
        }
        return reachedWith.equals(holdBacks) ? frontier : InputClocks.NONE;
    }

    void savePartition(InputClocks clocks, InputPartition partition) {
        changed = clocks;
        changedPartitions.add(partition);
        saved();
    }

    void saveCounts(InputClocks clocks) {
        changed = clocks;
        countsChanged = true;
        saved();
    }

    void saveFrontier(long frontier) {
        changedFrontier = frontier;
        saved();
    }

    /** A reader's store writes what was saved at once; a processor's just before the next commit. */
    private void saved() {
        if (beforeCommit == null) {
            flush();
        } else {
            beforeCommit.changed();
        }
    }

    /** Writes what was saved since the last flush (before each commit of the task). */
    void flush() {
        if (changed != null) {
            changedPartitions.forEach(partition -> write(changed, partition));
            if (countsChanged) {
                writeCounts(changed);
            }
            changed = null;
        }
        changedPartitions.clear();
        countsChanged = false;
        if (changedFrontier != InputClocks.NONE) {
            writeFrontier(changedFrontier);
            changedFrontier = InputClocks.NONE;
        }
    }

    private void write(InputClocks clocks, InputPartition partition) {
        InputClocks.Entry entry = clocks.entry(partition);
        String key = keys.computeIfAbsent(partition, p -> "p/" + p.topic() + "/" + p.partition());
        store.put(key, ByteBuffer.allocate(2 * Long.BYTES + 1)
                .putLong(entry.newest()).put((byte) (entry.idle() ? 1 : 0)).putLong(entry.idleEnd()).array());
    }

    private void writeCounts(InputClocks clocks) {
        clocks.partitionCounts().forEach((topic, count) ->
                store.put("n/" + topic, ByteBuffer.allocate(Integer.BYTES).putInt(count).array()));
    }

    private void writeFrontier(long frontier) {
        if (holdBacks.isEmpty()) {
            store.put(FRONTIER, ByteBuffer.allocate(Long.BYTES).putLong(frontier).array());
            return;
        }
        List<byte[]> topics = holdBacks.keySet().stream().map(t -> t.getBytes(StandardCharsets.UTF_8)).toList();
        ByteBuffer value = ByteBuffer.allocate(Long.BYTES + Integer.BYTES + topics.stream()
                .mapToInt(t -> Short.BYTES + t.length + Long.BYTES).sum());
        value.putLong(frontier).putInt(holdBacks.size());
        int i = 0;
        for (long holdBack : holdBacks.values()) {
            byte[] topic = topics.get(i++);
            value.putShort((short) topic.length).put(topic).putLong(holdBack);
        }
        store.put(FRONTIER, value.array());
    }

    /** Nothing is written before a commit any more (the processor's {@code close}). */
    void close() {
        if (beforeCommit != null) {
            beforeCommit.close();
        }
    }
}
