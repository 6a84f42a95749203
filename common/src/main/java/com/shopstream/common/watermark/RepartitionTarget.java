package com.shopstream.common.watermark;

import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.processor.api.ProcessingContext;

/**
 * The repartition topic a step before it sends to ({@code <application id>-<name>-repartition}): how many partitions
 * it has, and which one a key goes to, as Kafka's default partitioner puts it (the operator behind reads by key).
 */
public final class RepartitionTarget {

    private final Integer configured;
    private final String topic;
    private final EventTimeRuntime runtime;

    private RepartitionTarget(Integer configured, String topic, EventTimeRuntime runtime) {
        this.configured = configured;
        this.topic = topic;
        this.runtime = runtime;
    }

    /**
     * @param name       the repartition's name in the topology
     * @param partitions its partition count as the topology sets it, or {@code null} for Kafka Streams' choice
     */
    public static RepartitionTarget of(ProcessingContext context, String name, Integer partitions) {
        return new RepartitionTarget(partitions, context.applicationId() + "-" + name + "-repartition",
                EventTimeRuntime.from(context.appConfigs()));
    }

    /** The topic's partition count, {@code 0} while the cluster has not said it. */
    public int partitions() {
        return configured != null ? configured : runtime.partitionCounts().count(topic).orElse(0);
    }

    /** The partition of {@code partitions} that Kafka's default partitioner gives {@code key}. */
    public static int partitionOf(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }
}
