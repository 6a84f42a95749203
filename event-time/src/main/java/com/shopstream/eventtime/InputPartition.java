package com.shopstream.eventtime;

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

    // written out: the generated ones go through method handles, and every event looks its partition up by them
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof InputPartition that && partition == that.partition
                && topic.equals(that.topic);
    }

    @Override
    public int hashCode() {
        return 31 * topic.hashCode() + partition;
    }

    /** {@code orders-2}, as Kafka names a topic partition. */
    @Override
    public String toString() {
        return topic + "-" + partition;
    }
}
