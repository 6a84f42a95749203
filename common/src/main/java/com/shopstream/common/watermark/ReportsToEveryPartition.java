package com.shopstream.common.watermark;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * The partitioner of a repartition topic that carries clocks: a report goes to every partition (KIP-837 multicast),
 * so every task behind the repartition learns every input partition's clock; an event goes where the producer's
 * default partitioner puts its key (murmur2 of the key's bytes), like any repartitioned record.
 */
final class ReportsToEveryPartition<V> implements StreamPartitioner<String, Timed<V>> {

    private final Map<Integer, Optional<Set<Integer>>> everyPartition = new HashMap<>();

    @Override
    public Optional<Set<Integer>> partitions(String topic, String key, Timed<V> value, int numPartitions) {
        if (value instanceof Timed.Report<V>) {
            return everyPartition.computeIfAbsent(numPartitions, n -> Optional.of(
                    IntStream.range(0, n).boxed().collect(Collectors.toUnmodifiableSet())));
        }
        return Optional.empty();
    }
}
