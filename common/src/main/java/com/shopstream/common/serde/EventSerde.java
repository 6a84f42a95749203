package com.shopstream.common.serde;

import java.util.function.Function;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Serde of an input event. Reading validates (an {@link com.shopstream.common.json.InvalidEventException} goes to the
 * deserialization exception handler and from there to the dead-letter topic); writing is canonical JSON.
 */
final class EventSerde<T> implements Serde<T> {

    private final Function<byte[], T> reader;
    private final Function<T, byte[]> writer;

    EventSerde(Function<byte[], T> reader, Function<T, byte[]> writer) {
        this.reader = reader;
        this.writer = writer;
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> value == null ? null : writer.apply(value);
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> reader.apply(bytes);
    }
}
