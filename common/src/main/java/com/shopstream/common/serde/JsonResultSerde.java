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
    /**
     * The value each stream thread wrote last, and its bytes: a row sent to two topics (the join's paid rows go to
     * {@code orders-paid} and {@code orders-payment-status}) is written once. Kafka Streams shares a sink's serde
     * between the tasks of all threads; rows are immutable, and the producer copies the bytes it is given.
     */
    private final ThreadLocal<Written> last = ThreadLocal.withInitial(Written::new);

    JsonResultSerde(Class<T> type, Function<T, byte[]> writer) {
        this.type = type;
        this.writer = writer;
    }

    @Override
    public Serializer<T> serializer() {
        return (topic, value) -> {
            if (value == null) {
                return null;
            }
            Written written = last.get();
            if (written.value != value) {
                written.bytes = writer.apply(value);
                written.value = value;
            }
            return written.bytes;
        };
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

    private static final class Written {
        private Object value;
        private byte[] bytes;
    }
}
