package com.shopstream.simulator;

/**
 * One event of a generated stream, ready to send: an order (keyed by {@code order_id}) or a payment (keyed by
 * {@code payment_id} for {@code payments-raw}; {@link #orderId()} re-keys it for {@code payments}).
 */
public record GeneratedEvent(Kind kind, long orderId, String key, String json, long eventTime) {

    public enum Kind {
        ORDER, LATE_ORDER, SLIGHTLY_LATE_ORDER, DUPLICATE_ORDER, PAYMENT, PAYMENT_OUTSIDE_BOUND;

        public boolean isOrder() {
            return this == ORDER || this == LATE_ORDER || this == SLIGHTLY_LATE_ORDER || this == DUPLICATE_ORDER;
        }

        /** An order sent for the first time (not a duplicate). */
        public boolean isNewOrder() {
            return isOrder() && this != DUPLICATE_ORDER;
        }
    }

    public boolean isOrder() {
        return kind.isOrder();
    }
}
