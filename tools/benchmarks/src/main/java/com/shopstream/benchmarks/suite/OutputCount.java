package com.shopstream.benchmarks.suite;

import com.shopstream.common.boot.ShopstreamProperties;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The rows a run wrote to its output topic, read as a consumer reads them (read_committed: end offsets alone would
 * count transaction markers and aborted records too), so that a run can be checked against its Spark peer's count.
 * They are counted once every input partition has been idle for the idle timeout: the query's watermark is then the
 * newest partition's (before, the rows of the last windows would depend on when one counts). Spark's after its last
 * batch is its newest event time's for a query on one input, the older input's for the join (Spark's default
 * {@code min} policy for several watermarks).
 */
final class OutputCount {

    private static final Duration CALL = Duration.ofSeconds(30);
    private static final Duration IDLE_TIMEOUT = ShopstreamProperties.defaults().watermark().idleTimeout();
    private static final Duration SETTLED = Duration.ofSeconds(5);

    private final Admin admin;
    private final String bootstrap;
    private final String topic;
    private final Map<TopicPartition, Long> from;

    /** Marks where {@code topic} ends now: what the run writes after this is its output. */
    OutputCount(Admin admin, String bootstrap, String topic) throws Exception {
        this.admin = admin;
        this.bootstrap = bootstrap;
        this.topic = topic;
        this.from = ends();
    }

    /**
     * The rows written since the mark, once the idle timeout has passed since {@code drained} (the moment the inputs
     * were read to their end) and no new rows came for {@link #SETTLED}.
     */
    long afterIdle(long drainedNanos) throws Exception {
        long idleAt = drainedNanos + IDLE_TIMEOUT.plus(SETTLED).toNanos();
        LockSupport.parkNanos(Math.max(0, idleAt - System.nanoTime()));
        long rows = count();
        long stableSince = System.nanoTime();
        long deadline = stableSince + IDLE_TIMEOUT.toNanos();
        while (System.nanoTime() - stableSince < SETTLED.toNanos() && System.nanoTime() < deadline) {
            LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
            long now = count();
            if (now != rows) {
                rows = now;
                stableSince = System.nanoTime();
            }
        }
        return rows;
    }

    private long count() throws Exception {
        Map<TopicPartition, Long> to = ends();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            consumer.assign(List.copyOf(to.keySet()));
            from.forEach((partition, offset) -> consumer.seek(partition, offset));
            long rows = 0;
            long deadline = System.nanoTime() + CALL.toNanos();
            while (to.entrySet().stream().anyMatch(end -> consumer.position(end.getKey()) < end.getValue())) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + topic + " to " + to + " within " + CALL);
                }
                // only up to the end taken above: rows written meanwhile are the next count's
                for (var record : consumer.poll(Duration.ofMillis(200))) {
                    TopicPartition partition = new TopicPartition(record.topic(), record.partition());
                    if (record.offset() < to.get(partition)) {
                        rows++;
                    }
                }
            }
            return rows;
        }
    }

    /** The last stable offsets (what read_committed reads up to) of every partition. */
    private Map<TopicPartition, Long> ends() throws Exception {
        int partitions = admin.describeTopics(List.of(topic)).allTopicNames().get(CALL.toSeconds(), TimeUnit.SECONDS)
                .get(topic).partitions().size();
        Map<TopicPartition, OffsetSpec> request = new HashMap<>();
        for (int p = 0; p < partitions; p++) {
            request.put(new TopicPartition(topic, p), OffsetSpec.latest());
        }
        Map<TopicPartition, Long> ends = new HashMap<>();
        admin.listOffsets(request, new ListOffsetsOptions(IsolationLevel.READ_COMMITTED))
                .all().get(CALL.toSeconds(), TimeUnit.SECONDS)
                .forEach((partition, info) -> ends.put(partition, info.offset()));
        return ends;
    }
}
