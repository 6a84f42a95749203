package com.shopstream.common.testing;

import com.shopstream.scenario.TopicRow;
import java.time.Instant;
import java.util.Map;

/** A record read from an output topic, as text: key, JSON value ({@code null} for a tombstone), headers. */
public record OutputRecord(String topic, String key, String value, Map<String, String> headers, Instant timestamp) {

    public Object canonicalValue() {
        return row().canonicalValue();
    }

    public TopicRow row() {
        return new TopicRow(key, value);
    }

    public String header(String name) {
        return headers.get(name);
    }

    /** {@code order_id} of an order or payment value. */
    public long orderId() {
        return row().orderId();
    }
}
