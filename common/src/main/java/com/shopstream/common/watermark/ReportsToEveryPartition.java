package com.shopstream.common.watermark;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.StreamPartitioner;

/**
 * The partitioner of a repartition topic that carries clocks: a report goes to every partition (KIP-837 multicast),
 * so every task behind the repartition learns every input partition's clock; an event goes where the producer's
 * default partitioner puts its key (murmur2 of the key's bytes), like any repartitioned record; a batch (or partials)
 * goes to the partition its events' keys were put in when it was made, which must be one of this topic's.
 */
final class ReportsToEveryPartition<V> implements StreamPartitioner<String, Timed<V>> {

    // Kafka Streams builds a sink's partitioner once, with the topology, and every task on every stream thread calls
    // that one instance: the cache must be safe to fill from two threads at once (a HashMap's computeIfAbsent threw)
    private final Map<Integer, Optional<Set<Integer>>> everyPartition = new ConcurrentHashMap<>();

    @Override
    public Optional<Set<Integer>> partitions(String topic, String key, Timed<V> value, int numPartitions) {
        if (value instanceof Timed.Report<V>) {
            return everyPartition.computeIfAbsent(numPartitions, n -> Optional.of(
                    IntStream.range(0, n).boxed().collect(Collectors.toUnmodifiableSet())));
        }
        if (value instanceof Timed.Batch<V> batch) {
            checkDestinations(topic, "a batch of events", batch.destination(), batch.destinations(), numPartitions);
            return Optional.of(Set.of(batch.destination()));
        }
        if (value instanceof Timed.Partials<V> partials && partials.destination() >= 0) {
            checkDestinations(topic, "partials", partials.destination(), partials.destinations(), numPartitions);
            return Optional.of(Set.of(partials.destination()));
        }
        return Optional.empty();
    }

    private static void checkDestinations(String topic, String what, int destination, int destinations,
                                          int numPartitions) {
        if (destinations != numPartitions) {
            // Kafka Streams itself refuses to run on a repartition topic with fewer partitions than it needs. A
            // StreamsException, not a dead letter: it is no record's fault (RecordFault), the task must stop
            throw new StreamsException(what + " for partition " + destination + " of " + destinations
                    + " cannot go to " + topic + ", which has " + numPartitions
                    + " partitions: the repartition topic's partition count changed under a running application");
        }
    }
}
