package com.shopstream.benchmarks.suite;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Reads an update-mode window topic as a user would (read_committed, from its end) on a thread of its own, and tells
 * {@link WindowVisibility} when each window count became visible.
 */
final class UpdateTopicReader implements AutoCloseable {

    private static final Pattern ORDERS = Pattern.compile("\"orders\":(\\d+)");

    private final KafkaConsumer<byte[], byte[]> consumer;
    private final WindowVisibility visibility;
    private final Thread thread;
    private volatile boolean running = true;

    UpdateTopicReader(String bootstrap, String topic, WindowVisibility visibility) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        // a poll returns as soon as committed data is there; this bounds how long a fetch may wait otherwise
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, 20);
        this.consumer = new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        this.visibility = visibility;
        List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                .map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(partitions);
        consumer.seekToEnd(partitions);
        partitions.forEach(consumer::position); // resolve the end now, before the first order is sent
        this.thread = new Thread(this::read, "update-topic-reader");
        thread.start();
    }

    private void read() {
        while (running) {
            for (ConsumerRecord<byte[], byte[]> record : consumer.poll(Duration.ofMillis(100))) {
                long seenAt = System.nanoTime();
                if (record.key() == null || record.value() == null) {
                    continue;
                }
                String key = new String(record.key(), StandardCharsets.UTF_8);
                Matcher orders = ORDERS.matcher(new String(record.value(), StandardCharsets.UTF_8));
                if (key.indexOf('/') > 0 && orders.find()) {
                    long windowStart = Instant.parse(key.substring(0, key.indexOf('/'))).toEpochMilli();
                    visibility.seen(windowStart, Long.parseLong(orders.group(1)), seenAt);
                }
            }
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join();
        consumer.close();
    }
}
