package com.shopstream.common.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.apache.kafka.common.utils.Utils;

/**
 * Keys that land in a given partition under Kafka's default partitioner (murmur2 of the key's bytes), for records
 * that must reach every partition of a topic: the closing records of a stream, one per partition.
 */
public final class PartitionKeys {

    private PartitionKeys() {
    }

    /** The partition Kafka's default partitioner picks for {@code key} among {@code partitions}. */
    public static int partitionOf(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }

    /**
     * For each partition in order, the first of {@code key(start)}, {@code key(start + 1)}, ... that lands in it.
     *
     * @return the numbers (from {@code start}) whose keys land in partitions 0, 1, ...
     */
    public static List<Long> onePerPartition(int partitions, long start, LongFunction<String> key) {
        List<Long> found = new ArrayList<>();
        for (int partition = 0; partition < partitions; partition++) {
            long n = start;
            while (partitionOf(key.apply(n), partitions) != partition) {
                n++;
            }
            found.add(n);
        }
        return found;
    }
}
