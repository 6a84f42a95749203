package com.shopstream.harness;

import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Sends a generated shop stream, in the generator's order, into the suite's three input topics: orders keyed by order
 * id; payments keyed by payment id ({@code payments-raw}, payments-service's input) and by order id
 * ({@code payments}, join-service's input, as payments-service would write it). As fast as the broker takes it, or
 * paced at a number of orders per second (a live stream). Returns once the broker has every record; a record it
 * refused fails the write.
 */
public final class ShopStreamWriter {

    /**
     * The three input topics.
     *
     * @param payments {@code null}: payments go to {@code paymentsRaw} only (payments-service writes them on)
     */
    public record InputTopics(String orders, String paymentsRaw, String payments) {
    }

    /** What was sent: orders (with duplicates and late ones), payments, the newest event time, the seconds it took. */
    public record Sent(long orders, long payments, long newestEventTime, double seconds) {
    }

    private ShopStreamWriter() {
    }

    /** @param ordersPerSecond {@code 0}: as fast as possible */
    public static Sent write(String bootstrap, GeneratorSettings settings, InputTopics topics, long ordersPerSecond) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        // a paced stream is sent as it comes; a backlog in large batches
        props.put(ProducerConfig.LINGER_MS_CONFIG, ordersPerSecond > 0 ? 5 : 20);
        props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        AtomicReference<Exception> failure = new AtomicReference<>();
        long orders = 0;
        long payments = 0;
        long newest = Long.MIN_VALUE;
        long start = System.nanoTime();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(props, new StringSerializer(),
                new StringSerializer())) {
            ShopStreamGenerator generator = new ShopStreamGenerator(settings);
            while (generator.hasNext() && failure.get() == null) {
                GeneratedEvent event = generator.next();
                newest = Math.max(newest, event.eventTime());
                String orderKey = Long.toString(event.orderId());
                if (event.isOrder()) {
                    send(producer, topics.orders(), orderKey, event.json(), failure);
                    orders++;
                    if (ordersPerSecond > 0) {
                        // the live clock: order n leaves n / rate seconds after the start, not before
                        long wait = start + orders * 1_000_000_000L / ordersPerSecond - System.nanoTime();
                        if (wait > 0) {
                            LockSupport.parkNanos(wait);
                        }
                    }
                } else {
                    send(producer, topics.paymentsRaw(), event.key(), event.json(), failure);
                    if (topics.payments() != null) {
                        send(producer, topics.payments(), orderKey, event.json(), failure);
                    }
                    payments++;
                }
            }
            producer.flush();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("could not write the stream", failure.get());
        }
        return new Sent(orders, payments, newest, (System.nanoTime() - start) / 1e9);
    }

    private static void send(KafkaProducer<String, String> producer, String topic, String key, String value,
                             AtomicReference<Exception> failure) {
        producer.send(new ProducerRecord<>(topic, key, value), (metadata, e) -> {
            if (e != null) {
                failure.compareAndSet(null, e);
            }
        });
    }
}
