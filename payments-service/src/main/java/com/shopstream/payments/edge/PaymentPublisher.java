package com.shopstream.payments.edge;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
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
     * The write's outcome, never a thrown exception: the producer refuses some sends at once (an idempotent producer
     * between a failed batch and its epoch bump, say), and a caller must get an answer for those too.
     */
    public CompletableFuture<SendResult<String, byte[]>> send(String paymentId, byte[] json) {
        CompletableFuture<SendResult<String, byte[]>> sent;
        try {
            sent = template.send(topic, paymentId, json);
        } catch (RuntimeException e) {
            sent = CompletableFuture.failedFuture(e);
        }
        return sent.orTimeout(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)
                .whenComplete((result, failure) -> health.record(failure));
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
