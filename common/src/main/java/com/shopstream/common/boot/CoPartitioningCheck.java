package com.shopstream.common.boot;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Topics joined by key ({@code orders} and {@code payments}) must be partitioned alike: an order and its payment
 * must land in the same partition number, or they never meet. Checked before Kafka Streams starts, so a mismatch
 * stops the service with a message that says what to fix, instead of a rebalance error later or joins that silently
 * never happen.
 */
public final class CoPartitioningCheck {

    private CoPartitioningCheck() {
    }

    /**
     * @param service who needs it, for the message
     * @return proof of the check, for beans that must only exist after it (the topology)
     */
    public static Verified verify(Admin admin, String service, List<String> topics, Duration timeout) {
        Map<String, Integer> partitions = new TreeMap<>();
        try {
            Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames()
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            described.forEach((name, description) -> partitions.put(name, description.partitions().size()));
        } catch (ExecutionException e) {
            if (e.getCause() instanceof UnknownTopicOrPartitionException) {
                throw new IllegalStateException(service + " needs " + topics + ", but one of them does not exist: "
                        + "create them (with the same partition count) before starting the service", e.getCause());
            }
            throw new IllegalStateException("cannot describe " + topics + " to check their partition counts", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("no answer from Kafka within " + timeout + " about " + topics, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (partitions.values().stream().distinct().count() > 1) {
            throw new IllegalStateException(service + " needs " + topics + " partitioned alike by order_id, so they "
                    + "must have the same number of partitions, but they have " + partitions + ". Give them the same "
                    + "count and start again.");
        }
        return new Verified(List.copyOf(topics));
    }

    /** Topics found partitioned alike. */
    public record Verified(List<String> topics) {
    }
}
