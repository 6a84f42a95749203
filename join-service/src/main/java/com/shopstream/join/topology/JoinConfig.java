package com.shopstream.join.topology;

import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import java.time.Duration;
import java.util.Objects;

/**
 * What {@link OrderPaymentJoinTopology} needs; built from {@code JoinProperties} (where the defaults are).
 *
 * @param bound        a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}
 * @param grace        watermark delay of each input partition
 * @param paidTopic    inner join rows
 * @param statusTopic  inner rows plus each unpaid order once, after the watermark passes {@code order_ts + bound}
 * @param stores       where the join keeps the orders and payments it waits with
 * @param repartitionBatchSize events per record of the repartition by order id at most ({@code 1}: one each)
 */
public record JoinConfig(String ordersTopic, String paymentsTopic, String lateTopic, Duration bound, Duration grace,
                         String paidTopic, String statusTopic, StateStoreKind stores, ShopTopics topics,
                         int repartitionBatchSize) {

    public JoinConfig {
        Objects.requireNonNull(ordersTopic, "ordersTopic");
        Objects.requireNonNull(paymentsTopic, "paymentsTopic");
        Objects.requireNonNull(lateTopic, "lateTopic");
        Objects.requireNonNull(paidTopic, "paidTopic");
        Objects.requireNonNull(statusTopic, "statusTopic");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(stores, "stores");
        if (bound == null || bound.isNegative()) {
            throw new IllegalArgumentException("the payment bound must not be negative: " + bound);
        }
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("the watermark delay (grace) must not be negative: " + grace);
        }
    }
}
