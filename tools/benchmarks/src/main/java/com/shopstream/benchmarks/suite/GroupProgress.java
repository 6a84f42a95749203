package com.shopstream.benchmarks.suite;

import com.shopstream.simulator.ConsumerLag;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;

/**
 * How far one consumer group (a service's application id) has got: the offsets it committed on its input topics (the
 * records it has finished, transactions included) and its total lag, repartition topics included (it is drained
 * only when that is 0).
 */
final class GroupProgress {

    private final Admin admin;
    private final String group;
    private final List<String> inputs;
    private final ConsumerLag lag;

    GroupProgress(Admin admin, String group, List<String> inputs) {
        this.admin = admin;
        this.group = group;
        this.inputs = inputs;
        this.lag = new ConsumerLag(admin, Map.of(group, inputs));
    }

    /** Committed offsets first, then the lag: a commit in between can only make the drain look later, never done early. */
    Snapshot snapshot() throws Exception {
        Map<org.apache.kafka.common.TopicPartition, OffsetAndMetadata> offsets = admin.listConsumerGroupOffsets(group)
                .partitionsToOffsetAndMetadata().get(10, TimeUnit.SECONDS);
        long committed = offsets.entrySet().stream()
                .filter(e -> inputs.contains(e.getKey().topic()) && e.getValue() != null)
                .mapToLong(e -> e.getValue().offset())
                .sum();
        return new Snapshot(System.nanoTime(), committed, lag.total());
    }

    /** @param committed records of the inputs committed as processed; @param lag records not yet processed */
    record Snapshot(long nanos, long committed, long lag) {
    }
}
