package com.shopstream.benchmarks.baseline;

import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The usual hand-written Jackson serde of a plain Kafka Streams application: one mapper, data binding both ways. */
final class JsonSerde {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private JsonSerde() {
    }

    static <T> Serde<T> of(Class<T> type) {
        Serializer<T> serializer = (topic, value) -> value == null ? null : MAPPER.writeValueAsBytes(value);
        Deserializer<T> deserializer = (topic, bytes) -> bytes == null ? null : MAPPER.readValue(bytes, type);
        return Serdes.serdeFrom(serializer, deserializer);
    }
}
