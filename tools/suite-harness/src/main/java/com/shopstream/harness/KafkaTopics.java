package com.shopstream.harness;

import com.shopstream.scenario.TopicRow;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Topic-level work on a broker: create, write a list of records, read everything committed. */
public final class KafkaTopics {

    private final String bootstrap;

    public KafkaTopics(String bootstrap) {
        this.bootstrap = bootstrap;
    }

    public Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap));
    }

    public void create(Collection<String> topics, int partitions) {
        try (Admin admin = admin()) {
            // the broker's default replication factor: one copy on a single broker, three on a cluster
            admin.createTopics(topics.stream().map(t -> new NewTopic(t, Optional.of(partitions), Optional.empty()))
                            .toList()).all()
                    .get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot create " + topics, e);
        }
    }

    /** Writes the records in order, idempotently, and returns once the broker has them all. */
    public void write(String topic, List<Message> messages) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.LINGER_MS_CONFIG, 10);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        // a producer that waits through a cluster's outage (2 of 3 nodes down for a minute) rather than give up
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) Duration.ofMinutes(5).toMillis());
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) Duration.ofMinutes(5).toMillis());
        AtomicReference<Exception> failed = new AtomicReference<>();
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(props, new ByteArraySerializer(),
                new ByteArraySerializer())) {
            for (Message message : messages) {
                producer.send(new ProducerRecord<>(topic, null, null, message.key(), message.value(),
                        message.headers()), (metadata, e) -> {
                    if (e != null) {
                        failed.compareAndSet(null, e);
                    }
                });
            }
            producer.flush();
        }
        // a record the broker did not acknowledge (its delivery timed out) would be a gap in the input, not a test
        if (failed.get() != null) {
            throw new IllegalStateException("not every record reached " + topic, failed.get());
        }
    }

    /** Every committed record of the topics, in partition order. */
    public Map<String, List<Read>> readAll(Collection<String> topics) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        Map<String, List<Read>> out = new HashMap<>();
        topics.forEach(t -> out.put(t, new ArrayList<>()));
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = new ArrayList<>();
            for (String topic : topics) {
                consumer.partitionsFor(topic, Duration.ofSeconds(30))
                        .forEach(p -> partitions.add(new TopicPartition(topic, p.partition())));
            }
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(30));
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("could not read " + topics + " to the end");
                }
                for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                    out.get(record.topic()).add(Read.of(record));
                }
            }
        }
        return out;
    }

    /** A record to write: raw bytes, so that malformed input can be written too. */
    public record Message(byte[] key, byte[] value, RecordHeaders headers) {

        public static Message of(String key, String value) {
            return new Message(key == null ? null : key.getBytes(StandardCharsets.UTF_8),
                    value == null ? null : value.getBytes(StandardCharsets.UTF_8), new RecordHeaders());
        }
    }

    /** A record read back, as text, with its headers. */
    public record Read(String key, String value, Map<String, String> headers) {

        static Read of(ConsumerRecord<byte[], byte[]> record) {
            Map<String, String> headers = new HashMap<>();
            for (Header header : record.headers()) {
                headers.put(header.key(), header.value() == null ? null
                        : new String(header.value(), StandardCharsets.UTF_8));
            }
            return new Read(text(record.key()), text(record.value()), headers);
        }

        public TopicRow row() {
            return new TopicRow(key, value);
        }

        private static String text(byte[] bytes) {
            return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
