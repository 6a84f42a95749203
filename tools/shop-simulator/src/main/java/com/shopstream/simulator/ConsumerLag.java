package com.shopstream.simulator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;

/**
 * How far the services' consumer groups (their Kafka Streams application ids) are behind on everything they read:
 * their input topics and their own repartition topics ({@code <group>-…-repartition}). A partition the group has not
 * committed on yet counts in full, so a service that has not started reading is never taken as caught up.
 */
public final class ConsumerLag {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(10);

    private final Admin admin;
    private final Map<String, List<String>> inputsByGroup;
    private final Map<String, List<TopicPartition>> partitionsByGroup = new HashMap<>();

    /** @param inputsByGroup each group and the topics it reads (repartition topics are found by name) */
    public ConsumerLag(Admin admin, Map<String, List<String>> inputsByGroup) {
        this.admin = admin;
        this.inputsByGroup = inputsByGroup;
    }

    /**
     * Total lag over all the groups. Group offsets are read before end offsets: a transaction committing in between
     * shows as lag, never as a false zero.
     */
    public long total() throws InterruptedException, ExecutionException, TimeoutException {
        Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = committed();
        return behind(committed, ends());
    }

    /** The lag of each group (sorted by name), as {@link #total} counts it: what a wait that timed out reports. */
    public Map<String, Long> byGroup() throws InterruptedException, ExecutionException, TimeoutException {
        Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = committed();
        Map<TopicPartition, Long> ends = ends();
        Map<String, Long> out = new TreeMap<>();
        for (String group : partitionsByGroup.keySet()) {
            out.put(group, behind(Map.of(group, committed.get(group)), ends));
        }
        return out;
    }

    /**
     * The end offsets (read_committed) of every partition the groups read now: a mark to measure later progress
     * against with {@link #behind(Map)}.
     */
    public Map<TopicPartition, Long> ends() throws InterruptedException, ExecutionException, TimeoutException {
        discoverPartitions();
        Map<TopicPartition, OffsetSpec> specs = new HashMap<>();
        partitionsByGroup.values().forEach(list -> list.forEach(tp -> specs.put(tp, OffsetSpec.latest())));
        Map<TopicPartition, Long> ends = new HashMap<>();
        admin.listOffsets(specs, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED)).all()
                .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                .forEach((partition, info) -> ends.put(partition, info.offset()));
        return ends;
    }

    /**
     * How many records of those below {@code marks} (from {@link #ends()}) the groups have not committed yet: 0 once
     * every group has processed all that had been written when the marks were taken (on the partitions known
     * then).
     */
    public long behind(Map<TopicPartition, Long> marks)
            throws InterruptedException, ExecutionException, TimeoutException {
        return behind(committed(), marks);
    }

    private Map<String, Map<TopicPartition, OffsetAndMetadata>> committed()
            throws InterruptedException, ExecutionException, TimeoutException {
        Map<String, Map<TopicPartition, OffsetAndMetadata>> committed = new HashMap<>();
        for (String group : inputsByGroup.keySet()) {
            committed.put(group, admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata()
                    .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        }
        return committed;
    }

    private long behind(Map<String, Map<TopicPartition, OffsetAndMetadata>> committed,
                        Map<TopicPartition, Long> marks) {
        long lag = 0;
        for (Map.Entry<String, List<TopicPartition>> group : partitionsByGroup.entrySet()) {
            Map<TopicPartition, OffsetAndMetadata> offsets = committed.get(group.getKey());
            if (offsets == null) {
                continue;   // a group left out of this count
            }
            for (TopicPartition partition : group.getValue()) {
                OffsetAndMetadata offset = offsets.get(partition);
                lag += Math.max(0, marks.getOrDefault(partition, 0L) - (offset == null ? 0 : offset.offset()));
            }
        }
        return lag;
    }

    /** Repartition topics exist only once their service has started: looked up on every call. */
    private void discoverPartitions() throws InterruptedException, ExecutionException, TimeoutException {
        Set<String> all = admin.listTopics().names().get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        Map<String, List<String>> topicsByGroup = new HashMap<>();
        Set<String> wanted = new HashSet<>();
        inputsByGroup.forEach((group, inputs) -> {
            List<String> topics = new ArrayList<>(inputs);
            all.stream().filter(t -> t.startsWith(group + "-") && t.endsWith("-repartition")).forEach(topics::add);
            topicsByGroup.put(group, topics);
            wanted.addAll(topics);
        });
        Map<String, TopicDescription> described = admin.describeTopics(wanted).allTopicNames()
                .get(CALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        partitionsByGroup.clear();
        topicsByGroup.forEach((group, topics) -> {
            List<TopicPartition> partitions = new ArrayList<>();
            topics.forEach(topic -> described.get(topic).partitions()
                    .forEach(p -> partitions.add(new TopicPartition(topic, p.partition()))));
            partitionsByGroup.put(group, partitions);
        });
    }
}
