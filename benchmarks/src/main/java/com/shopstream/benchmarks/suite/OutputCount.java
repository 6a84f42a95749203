package com.shopstream.benchmarks.suite;

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
 */
final class OutputCount {

    private static final Duration CALL = Duration.ofSeconds(30);
    private static final Duration SETTLED = Duration.ofSeconds(3);
    private static final Duration AT_MOST = Duration.ofSeconds(60);

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
     * The rows written since the mark, once no new ones came for {@link #SETTLED}: the drain ends when the inputs are
     * read, and the queries behind a repartition may still be writing their last rows then.
     */
    long settled() throws Exception {
        long deadline = System.nanoTime() + AT_MOST.toNanos();
        long rows = count();
        long stableSince = System.nanoTime();
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
            while (to.entrySet().stream().anyMatch(end -> consumer.position(end.getKey()) < end.getValue())) {
                rows += consumer.poll(Duration.ofMillis(200)).count();
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
