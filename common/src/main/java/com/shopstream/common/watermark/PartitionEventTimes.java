package com.shopstream.common.watermark;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The newest event time of each input partition of one task, kept in a changelogged store so that the watermark
 * survives restarts and rebalances: a task that moves takes its store, and so its watermark, with it.
 */
final class PartitionEventTimes {

    private final KeyValueStore<String, Long> store;
    private final WatermarkPolicy policy;
    private final Map<String, Long> newestByPartition = new HashMap<>();
    private long combined;

    private PartitionEventTimes(KeyValueStore<String, Long> store, WatermarkPolicy policy) {
        this.store = store;
        this.policy = policy;
    }

    static PartitionEventTimes load(KeyValueStore<String, Long> store, WatermarkPolicy policy) {
        PartitionEventTimes times = new PartitionEventTimes(store, policy);
        try (KeyValueIterator<String, Long> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<String, Long> entry = all.next();
                times.newestByPartition.put(entry.key, entry.value);
            }
        }
        times.combined = policy.combine(times.newestByPartition.values());
        return times;
    }

    /** The policy's combination of the partitions' newest event times, {@link WatermarkPolicy#NONE} before any. */
    long newest() {
        return combined;
    }

    /** @return {@code true} when the combined newest event time moved */
    boolean observe(String partition, long eventTime) {
        Long previous = newestByPartition.get(partition);
        if (previous != null && previous >= eventTime) {
            return false;
        }
        newestByPartition.put(partition, eventTime);
        store.put(partition, eventTime);
        long before = combined;
        combined = policy.combine(newestByPartition.values());
        return combined != before;
    }
}
