package com.shopstream.common.serde;

import com.shopstream.common.json.InvalidEventException;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Keys of topics keyed by an id: by order ({@code orders}, {@code payments}) {@code order_id}, by customer
 * ({@code customers}) {@code customer_id}, as canonical decimal text. Reading rejects a missing or malformed key,
 * because the join relies on both its inputs being partitioned by it, and a customer table on one version per key.
 */
final class IdKeySerde implements Serde<String> {

    static final int MAX_LENGTH = 20;

    private final String field;
    private final String anId;

    /** @param field the id the key carries, named in the reasons of what is rejected */
    IdKeySerde(String field) {
        this.field = field;
        this.anId = (field.startsWith("o") ? "an " : "a ") + field;
    }

    @Override
    public Serializer<String> serializer() {
        return (topic, key) -> key == null ? null : key.getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public Deserializer<String> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                throw new InvalidEventException(null, "key missing (the " + field + " as decimal text)");
            }
            String key = new String(bytes, StandardCharsets.UTF_8);
            if (!isCanonicalLong(key)) {
                throw new InvalidEventException(null, "key is not " + anId + " in decimal: \""
                        + (key.length() > MAX_LENGTH ? key.substring(0, MAX_LENGTH) + "…" : key) + "\"");
            }
            return key;
        };
    }

    static boolean isCanonicalLong(String key) {
        int length = key.length();
        if (length == 0 || length > MAX_LENGTH) {
            return false;
        }
        int start = key.charAt(0) == '-' ? 1 : 0;
        if (start == length || (key.charAt(start) == '0' && length > start + 1)) {
            return false;
        }
        for (int i = start; i < length; i++) {
            char c = key.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        try {
            Long.parseLong(key);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
