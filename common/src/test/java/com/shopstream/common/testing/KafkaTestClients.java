package com.shopstream.common.testing;

import com.shopstream.scenario.ScenarioEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Producing to and reading from a real broker in tests: bounded waits, no sleeps. */
public final class KafkaTestClients {

    /** Broker settings a single-node cluster needs for exactly-once (transactions). */
    public static final String TXN_LOG_REPLICATION = "transaction.state.log.replication.factor=1";
    public static final String TXN_LOG_MIN_ISR = "transaction.state.log.min.isr=1";
    /**
     * Results carry their event time as record timestamp, and the shared scenario's event times are months old: with
     * time-based retention the broker would delete them while the test reads. (Shopstream's own topic definitions
     * use log-append time on result topics for the same reason.)
     */
    public static final String NO_TIME_RETENTION = "log.retention.ms=-1";

    private KafkaTestClients() {
    }

    public static void produce(String bootstrapServers, String topic, String key, String value) {
        produce(bootstrapServers, topic, bytes(key), bytes(value), null);
    }

    public static void produce(String bootstrapServers, String topic, byte[] key, byte[] value, Headers headers) {
        // no size limit of the client's own: the broker's is the one a test means to meet
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.MAX_REQUEST_SIZE_CONFIG, 16 * 1024 * 1024), new ByteArraySerializer(),
                new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(topic, null, null, key, value, headers)).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("could not produce to " + topic, e);
        }
    }

    /**
     * Reads {@code topic} from the beginning with {@code read_committed} until it holds at least {@code count}
     * records or {@code timeout} passes; returns what it read (the caller asserts the count).
     */
    public static List<OutputRecord> readCommitted(String bootstrapServers, String topic, int count,
                                                   Duration timeout) {
        return readCommittedUntil(bootstrapServers, topic, records -> records.size() >= count, timeout);
    }

    /**
     * Reads {@code topic} from the beginning with {@code read_committed} until what it read satisfies {@code done}
     * or {@code timeout} passes; returns what it read (the caller asserts).
     */
    public static List<OutputRecord> readCommittedUntil(String bootstrapServers, String topic,
                                                        java.util.function.Predicate<List<OutputRecord>> done,
                                                        Duration timeout) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false), new ByteArrayDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            List<OutputRecord> records = new ArrayList<>();
            Instant deadline = Instant.now().plus(timeout);
            while (!done.test(records) && Instant.now().isBefore(deadline)) {
                for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    records.add(new OutputRecord(topic, text(r.key()), text(r.value()),
                            StreamsHarness.headers(r.headers()), Instant.ofEpochMilli(r.timestamp())));
                }
            }
            return records;
        }
    }

    /** Sends scenario events in their order, one at a time: orders to {@code ordersTopic}, payments to the other. */
    public static void produce(String bootstrapServers, java.util.List<ScenarioEvent> events, String ordersTopic,
                               String paymentsTopic) {
        for (ScenarioEvent event : events) {
            produce(bootstrapServers, event.isOrder() ? ordersTopic : paymentsTopic, event.key(), event.json());
        }
    }

    private static byte[] bytes(String text) {
        return text == null ? null : text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }
}
