package com.shopstream.common.errors;

import com.shopstream.common.time.BrokerTimeStamps;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.StreamsConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes dead letters with an idempotent {@code acks=all} producer of its own, built from the service's streams
 * configuration so that bootstrap servers and SASL/TLS settings are the same as the streams clients'.
 */
public final class KafkaDeadLetterPublisher implements DeadLetterPublisher, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaDeadLetterPublisher.class);

    private static final Set<String> NOT_INHERITED = Set.of(
            ProducerConfig.TRANSACTIONAL_ID_CONFIG, ProducerConfig.CLIENT_ID_CONFIG,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.INTERCEPTOR_CLASSES_CONFIG);

    private final KafkaProducer<byte[], byte[]> producer;

    public KafkaDeadLetterPublisher(Map<String, ?> streamsConfigs, String clientId) {
        this.producer = new KafkaProducer<>(producerConfigs(streamsConfigs, clientId),
                new ByteArraySerializer(), new ByteArraySerializer());
    }

    static Map<String, Object> producerConfigs(Map<String, ?> streamsConfigs, String clientId) {
        Map<String, Object> configs = new HashMap<>();
        Set<String> producerKeys = ProducerConfig.configNames();
        streamsConfigs.forEach((key, value) -> {
            if (producerKeys.contains(key) && !NOT_INHERITED.contains(key)) {
                configs.put(key, value);
            }
        });
        // producer.-prefixed streams settings apply to every producer of the service, this one included
        streamsConfigs.forEach((key, value) -> {
            if (key.startsWith(StreamsConfig.PRODUCER_PREFIX)) {
                String name = key.substring(StreamsConfig.PRODUCER_PREFIX.length());
                if (!NOT_INHERITED.contains(name)) {
                    configs.put(name, value);
                }
            }
        });
        configs.put(ProducerConfig.CLIENT_ID_CONFIG, clientId);
        configs.put(ProducerConfig.ACKS_CONFIG, "all");
        configs.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        configs.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        // stamped with the source record's broker time, or the brokers' time: never refused for its timestamp
        configs.put(ProducerConfig.INTERCEPTOR_CLASSES_CONFIG, BrokerTimeStamps.class.getName());
        return configs;
    }

    /**
     * Writes the dead letter; one too large for the producer or the broker is written as its
     * {@link DeadLetterTruncation truncated copy} instead, so that no record's size can stop the service.
     */
    @Override
    public void publish(ProducerRecord<byte[], byte[]> deadLetter) {
        try {
            send(deadLetter);
        } catch (RecordTooLargeException e) {
            log.warn("The dead letter of {}-{}@{} is too large to write ({}): writing it truncated, with the source "
                            + "record's coordinates", header(deadLetter, DeadLetterHeaders.SOURCE_TOPIC),
                    header(deadLetter, DeadLetterHeaders.SOURCE_PARTITION),
                    header(deadLetter, DeadLetterHeaders.SOURCE_OFFSET), e.getMessage());
            send(DeadLetterTruncation.truncated(deadLetter));
        }
    }

    private void send(ProducerRecord<byte[], byte[]> deadLetter) {
        try {
            producer.send(deadLetter).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new KafkaException("interrupted while writing a dead letter to " + deadLetter.topic(), e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RecordTooLargeException tooLarge) {
                throw tooLarge;
            }
            throw new KafkaException("could not write a dead letter to " + deadLetter.topic(), e.getCause());
        }
    }

    private static String header(ProducerRecord<byte[], byte[]> record, String key) {
        Header header = record.headers().lastHeader(key);
        return header == null ? "?" : new String(header.value(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(10));
    }
}
