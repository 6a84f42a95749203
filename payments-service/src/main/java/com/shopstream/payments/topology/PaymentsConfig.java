package com.shopstream.payments.topology;

import com.shopstream.common.serde.ShopTopics;
import java.util.Objects;

/**
 * What {@link PaymentsTopology} needs.
 *
 * @param rawTopic      payments as providers send them, keyed by anything
 * @param paymentsTopic validated payments keyed by {@code order_id}, partitioned like {@code orders}
 */
public record PaymentsConfig(String rawTopic, String paymentsTopic, ShopTopics topics) {

    public PaymentsConfig {
        Objects.requireNonNull(rawTopic, "rawTopic");
        Objects.requireNonNull(paymentsTopic, "paymentsTopic");
        Objects.requireNonNull(topics, "topics");
        if (rawTopic.equals(paymentsTopic)) {
            throw new IllegalArgumentException("payments-service would read and write " + rawTopic);
        }
    }
}
