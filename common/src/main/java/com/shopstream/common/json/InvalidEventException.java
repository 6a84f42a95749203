package com.shopstream.common.json;

import org.apache.kafka.common.errors.SerializationException;

/**
 * A record that cannot be read as an event of the contract. The message is the short reason that goes into the
 * dead letter's {@code x-error-reason} header (and into HTTP 400 bodies), e.g. "amount has 3 fraction digits".
 * Extends {@link SerializationException} so that Kafka Streams hands it to the deserialization exception handler.
 */
public class InvalidEventException extends SerializationException {

    private final String field;

    public InvalidEventException(String field, String reason) {
        super(reason);
        this.field = field;
    }

    /** The offending JSON field, or {@code null} when the problem is the record as a whole. */
    public String field() {
        return field;
    }

    /** Validation failures are expected data, not bugs: no stack trace to fill. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
