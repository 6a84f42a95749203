package com.shopstream.common.watermark;

import java.util.Objects;

/** One partition of an input topic of a query: the unit that has its own event-time clock. */
public record InputPartition(String topic, int partition) implements Comparable<InputPartition> {

    public InputPartition {
        Objects.requireNonNull(topic, "topic");
        if (partition < 0) {
            throw new IllegalArgumentException("partition must not be negative: " + partition);
        }
    }

    @Override
    public int compareTo(InputPartition other) {
        int byTopic = topic.compareTo(other.topic);
        return byTopic != 0 ? byTopic : Integer.compare(partition, other.partition);
    }

    /** {@code orders-2}, as Kafka names a topic partition. */
    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
