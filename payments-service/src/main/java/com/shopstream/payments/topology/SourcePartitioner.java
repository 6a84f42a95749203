package com.shopstream.payments.topology;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.streams.processor.StreamPartitioner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes each payment to the {@code payments} partition numbered like the {@code payments-raw} partition it came from.
 * Each {@code payments} partition then holds one {@code payments-raw} partition's payments in their order, whatever
 * the order this service reads its partitions in, so the join, which judges a payment against its partition's
 * watermark, decides the same on every replay. (Keyed by {@code order_id} with Kafka's partitioner, several
 * {@code payments-raw} partitions would interleave in each {@code payments} partition as they happened to be read.)
 * With fewer {@code payments} partitions than {@code payments-raw} ones, some share one, and a WARN says so.
 */
final class SourcePartitioner implements StreamPartitioner<String, SourcedPayment> {

    private static final Logger log = LoggerFactory.getLogger(SourcePartitioner.class);
    private final AtomicBoolean warned = new AtomicBoolean();

    @Override
    public Optional<Set<Integer>> partitions(String topic, String key, SourcedPayment value, int numPartitions) {
        int source = value.sourcePartition();
        if (source >= numPartitions && warned.compareAndSet(false, true)) {
            log.warn("{} has {} partitions, fewer than the payments-raw partition {} read: payments of several "
                    + "payments-raw partitions share one {} partition in the order they are read, and the join's "
                    + "late payments may then differ between a live run and a replay. Give {} as many partitions "
                    + "as payments-raw.", topic, numPartitions, source, topic, topic);
        }
        return Optional.of(Set.of(source % numPartitions));
    }
}
