package com.shopstream.common.model;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Objects;

/** A payment of the {@code payments-raw} / {@code payments} topics. {@code paidTs} is the event time. */
public record Payment(String paymentId, long orderId, BigDecimal amount, Instant paidTs) implements OrderEvent {

    public Payment {
        Objects.requireNonNull(paymentId, "paymentId");
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(paidTs, "paidTs");
    }

    @Override
    public Instant eventTime() {
        return paidTs;
    }
}
