package com.shopstream.common.errors;

import org.apache.kafka.clients.producer.ProducerRecord;

/** Writes a dead letter and returns only once it is durable; throws when it could not be written. */
@FunctionalInterface
public interface DeadLetterPublisher {

    void publish(ProducerRecord<byte[], byte[]> deadLetter);
}
