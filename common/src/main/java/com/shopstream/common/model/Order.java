package com.shopstream.common.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/** An order of the {@code orders} topic. {@code amount} has scale 2; {@code orderTs} is the event time. */
public record Order(long orderId, long customerId, BigDecimal amount, Instant orderTs) implements OrderEvent {

    public Order {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(orderTs, "orderTs");
    }

    @Override
    public Instant eventTime() {
        return orderTs;
    }
}
