package com.shopstream.common.model;

import java.time.Instant;

/**
 * An input event: it carries its own event time (the record timestamp is never used as event time) and the key its
 * topic must carry.
 */
public interface ShopEvent {

    /** The key its input topic carries: {@code order_id} for orders and payments, {@code customer_id} for customers. */
    String key();

    Instant eventTime();

    default long eventTimeMillis() {
        return eventTime().toEpochMilli();
    }
}
