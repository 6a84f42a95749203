package com.shopstream.simulator;

import com.shopstream.scenario.TopicRow;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Reads whole topics with {@code read_committed}: everything committed when the read starts, then stops. */
final class TopicReader implements AutoCloseable {

    private final KafkaConsumer<byte[], byte[]> consumer;

    TopicReader(String bootstrap) {
        this.consumer = new KafkaConsumer<>(Producers.consumer(bootstrap), new ByteArrayDeserializer(),
                new ByteArrayDeserializer());
    }

    /** Every committed record of {@code topic}, with the headers named in {@code headers}. */
    List<Row> readAll(String topic, Duration timeout) {
        List<TopicPartition> partitions = consumer.partitionsFor(topic, timeout).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, timeout);
        List<Row> rows = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.get(p))) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("could not read " + topic + " to its end within " + timeout);
            }
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(200))) {
                rows.add(Row.of(record));
            }
        }
        return rows;
    }

    KafkaConsumer<byte[], byte[]> consumer() {
        return consumer;
    }

    @Override
    public void close() {
        consumer.close();
    }

    /** A record as text, with the headers that explain late records and dead letters. */
    record Row(String topic, String key, String value, String lateQuery, String errorReason) {

        static Row of(ConsumerRecord<byte[], byte[]> record) {
            return new Row(record.topic(), text(record.key()), text(record.value()),
                    header(record, "x-late-query"), header(record, "x-error-reason"));
        }

        TopicRow toTopicRow() {
            return new TopicRow(key, value);
        }

        private static String header(ConsumerRecord<byte[], byte[]> record, String name) {
            Header header = record.headers().lastHeader(name);
            return header == null ? null : text(header.value());
        }

        private static String text(byte[] bytes) {
            return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
        }
    }
}
