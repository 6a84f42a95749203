package com.shopstream.scenario;

import tools.jackson.databind.node.ObjectNode;

/**
 * One line of a shared scenario: its place ({@code seq}), which input it belongs to ({@code orders} or
 * {@code payments}), and the event itself without those scenario fields.
 */
public record ScenarioEvent(int seq, String stream, int batch, ObjectNode event) {

    public boolean isOrder() {
        return "orders".equals(stream);
    }

    public boolean isPayment() {
        return "payments".equals(stream);
    }

    public long orderId() {
        return event.get("order_id").asLong();
    }

    /** The record key of the contract: {@code order_id} for orders; payment providers key payments by payment id. */
    public String key() {
        return isOrder() ? Long.toString(orderId()) : event.get("payment_id").asString();
    }

    public String json() {
        return event.toString();
    }
}
