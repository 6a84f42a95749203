package com.shopstream.payments.topology;

import com.shopstream.common.serde.ShopTopics;
import java.time.Duration;
import java.util.Objects;

/**
 * What {@link PaymentsTopology} needs.
 *
 * @param rawTopic      payments as providers send them, keyed by anything
 * @param paymentsTopic validated payments keyed by {@code order_id}, each in the partition numbered like its
 *                      {@code rawTopic} partition
 * @param idempotencyWindow how long a payment id is kept: a repeat within it does not reach {@code paymentsTopic}
 */
public record PaymentsConfig(String rawTopic, String paymentsTopic, ShopTopics topics, Duration idempotencyWindow) {

    public PaymentsConfig {
        Objects.requireNonNull(rawTopic, "rawTopic");
        Objects.requireNonNull(paymentsTopic, "paymentsTopic");
        Objects.requireNonNull(topics, "topics");
        if (idempotencyWindow.isNegative() || idempotencyWindow.isZero()) {
            throw new IllegalArgumentException("shopstream.payments.idempotency-window must be positive: "
                    + idempotencyWindow);
        }
        if (rawTopic.equals(paymentsTopic)) {
            throw new IllegalArgumentException("payments-service would read and write " + rawTopic);
        }
    }
}
