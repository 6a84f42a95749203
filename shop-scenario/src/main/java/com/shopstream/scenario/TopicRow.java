package com.shopstream.scenario;

/** A record of an output topic as text: its key and its JSON value ({@code null} for a tombstone). */
public record TopicRow(String key, String value) {

    public Object canonicalValue() {
        return CanonicalJson.of(value);
    }

    /** {@code order_id} of an order or payment value. */
    public long orderId() {
        return CanonicalJson.tree(value).get("order_id").asLong();
    }
}
