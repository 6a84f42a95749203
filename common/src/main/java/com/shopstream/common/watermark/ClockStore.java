package com.shopstream.common.watermark;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * {@link InputClocks} kept in a changelogged store, so that the clocks and the frontier survive restarts,
 * rebalances and {@code kill -9}: under {@code exactly_once_v2} a row commits with the offsets of the records that
 * wrote it. Rows: {@code p/<topic>/<partition>} (newest, idle, the end offset it was idle at), {@code n/<topic>} (partition count) and
 * {@code frontier}.
 */
final class ClockStore {

    private static final String FRONTIER = "frontier";

    private final KeyValueStore<String, byte[]> store;

    ClockStore(KeyValueStore<String, byte[]> store) {
        this.store = store;
    }

    /** A handful of rows per task: in memory, restored from its changelog, writes coalesced per commit. */
    static StoreBuilder<KeyValueStore<String, byte[]>> builder(String name) {
        return Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(name), Serdes.String(), Serdes.ByteArray())
                .withLoggingEnabled(Map.of())
                .withCachingEnabled();
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
                    frontier = value.getLong();
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
        return value == null ? InputClocks.NONE : ByteBuffer.wrap(value).getLong();
    }

    void savePartition(InputClocks clocks, InputPartition partition) {
        InputClocks.Entry entry = clocks.entry(partition);
        store.put("p/" + partition.topic() + "/" + partition.partition(), ByteBuffer.allocate(2 * Long.BYTES + 1)
                .putLong(entry.newest()).put((byte) (entry.idle() ? 1 : 0)).putLong(entry.idleEnd()).array());
    }

    void saveCounts(InputClocks clocks) {
        clocks.partitionCounts().forEach((topic, count) ->
                store.put("n/" + topic, ByteBuffer.allocate(Integer.BYTES).putInt(count).array()));
    }

    void saveFrontier(long frontier) {
        store.put(FRONTIER, ByteBuffer.allocate(Long.BYTES).putLong(frontier).array());
    }
}
