package com.shopstream.common.serde;

import com.shopstream.common.json.ResultJson;
import java.util.function.Function;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import tools.jackson.core.JacksonException;

/**
 * Serde of a result record; {@code null} is a tombstone both ways. Writes no type headers. Written by a
 * {@link com.shopstream.common.json.ResultWriter} method (what the mapper would write, without its reflection), read
 * by the mapper.
 */
final class JsonResultSerde<T> implements Serde<T> {

    private final Class<T> type;
    private final Function<T, byte[]> writer;

    JsonResultSerde(Class<T> type, Function<T, byte[]> writer) {
        this.type = type;
        this.writer = writer;
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> value == null ? null : writer.apply(value);
    }

    @Override
    public Deserializer<T> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            try {
                return ResultJson.MAPPER.readValue(bytes, type);
            } catch (JacksonException e) {
                throw new SerializationException("not a " + type.getSimpleName() + " on " + topic + ": "
                        + e.getOriginalMessage(), e);
            }
        };
    }
}
