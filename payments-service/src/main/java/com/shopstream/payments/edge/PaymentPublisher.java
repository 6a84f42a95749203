package com.shopstream.payments.edge;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.support.SendResult;

/**
 * Writes accepted payments to {@code payments-raw}, keyed by payment id, with an idempotent {@code acks=all}
 * producer; a write is complete only when the broker acknowledged it.
 */
public final class PaymentPublisher implements AutoCloseable {

    private final DefaultKafkaProducerFactory<String, byte[]> producers;
    private final KafkaTemplate<String, byte[]> template;
    private final String topic;
    private final Duration timeout;
    private final ProducerHealthIndicator health;

    public PaymentPublisher(DefaultKafkaProducerFactory<String, byte[]> producers, String topic, Duration timeout,
                            ProducerHealthIndicator health) {
        this.producers = producers;
        this.template = new KafkaTemplate<>(producers);
        this.topic = topic;
        this.timeout = timeout;
        this.health = health;
    }

    /**
     * The edge's producer settings over {@code kafka} (Boot's): idempotent, {@code acks=all}, not transactional, and
     * a send that blocks at most {@code sendTimeout}. Kafka's producer blocks in {@code send} itself while it has no
     * metadata for the partition (a controller that just died, say), up to {@code max.block.ms}, 60 s by default:
     * a request would then wait past its send timeout, and the provider's HTTP client time out without an answer.
     */
    public static Map<String, Object> producerConfigs(Map<String, Object> kafka, Duration sendTimeout) {
        Map<String, Object> configs = new HashMap<>(kafka);
        configs.put(ProducerConfig.ACKS_CONFIG, "all");
        configs.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        configs.put(ProducerConfig.CLIENT_ID_CONFIG, "payments-service-edge");
        // each request waits for its acknowledgement: Kafka 4's default linger of 5 ms would be 5 ms per request
        configs.putIfAbsent(ProducerConfig.LINGER_MS_CONFIG, 0);
        configs.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, sendTimeout.toMillis());
        configs.remove(ProducerConfig.TRANSACTIONAL_ID_CONFIG);
        return configs;
    }

    /**
     * The write's outcome within the send timeout, counted from the call, never a thrown exception: the producer
     * refuses some sends at once (an idempotent producer between a failed batch and its epoch bump, say), and a
     * caller must get an answer for those too.
     */
    public CompletableFuture<SendResult<String, byte[]>> send(String paymentId, byte[] json) {
        long started = System.nanoTime();
        CompletableFuture<SendResult<String, byte[]>> sent;
        try {
            sent = template.send(topic, paymentId, json);
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        long left = Math.max(0, timeout.toNanos() - (System.nanoTime() - started));
        return sent.orTimeout(left, TimeUnit.NANOSECONDS).whenComplete((result, failure) -> health.record(failure));
    }

    public String topic() {
        return topic;
    }

    /** Flushes and closes the producer: payments acknowledged before shutdown are on the broker already. */
    @Override
    public void close() {
        producers.destroy();
    }
}
