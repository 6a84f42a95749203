package com.shopstream.common.model;

import java.time.Instant;

/**
 * An input event: it belongs to an order, and it carries its own event time (the record timestamp is never used as
 * event time).
 */
public interface ShopEvent {

    long orderId();

    Instant eventTime();

    default long eventTimeMillis() {
        return eventTime().toEpochMilli();
    }
}
