package com.shopstream.join.topology;

import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * What {@link OrderPaymentJoinTopology} needs; built from {@code JoinProperties} (where the defaults are).
 *
 * @param bound        a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}
 * @param ordersDelay  watermark delay of each {@code orders} partition
 * @param paymentsDelay watermark delay of each {@code payments} partition; the query's watermark is the oldest of
 *                     every partition's, each with its own input's delay
 * @param paidTopic    inner join rows
 * @param statusTopic  inner rows plus each unpaid order once, after the watermark passes {@code order_ts + bound}
 * @param unmatchedTopic payments no order matched, once the watermark passes {@code paid_ts}
 * @param mismatchedTopic pairs whose amounts differ, and orders more than one payment matched
 * @param stores       where the join keeps the orders and payments it waits with
 * @param repartitionBatchSize events per record of the repartition by order id at most ({@code 1}: one each)
 */
public record JoinConfig(String ordersTopic, String paymentsTopic, String lateTopic, Duration bound,
                         Duration ordersDelay, Duration paymentsDelay, String paidTopic, String statusTopic,
                         String unmatchedTopic, String mismatchedTopic, StateStoreKind stores, ShopTopics topics,
                         int repartitionBatchSize) {

    public JoinConfig {
        Objects.requireNonNull(ordersTopic, "ordersTopic");
        Objects.requireNonNull(paymentsTopic, "paymentsTopic");
        Objects.requireNonNull(lateTopic, "lateTopic");
        Objects.requireNonNull(paidTopic, "paidTopic");
        Objects.requireNonNull(statusTopic, "statusTopic");
        Objects.requireNonNull(unmatchedTopic, "unmatchedTopic");
        Objects.requireNonNull(mismatchedTopic, "mismatchedTopic");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(stores, "stores");
        if (bound == null || bound.isNegative()) {
            throw new IllegalArgumentException("the payment bound must not be negative: " + bound);
        }
        if (ordersDelay == null || ordersDelay.isNegative()) {
            throw new IllegalArgumentException("the orders' watermark delay (shopstream.join.orders-delay) must not "
                    + "be negative: " + ordersDelay);
        }
        if (paymentsDelay == null || paymentsDelay.isNegative()) {
            throw new IllegalArgumentException("the payments' watermark delay (shopstream.join.payments-delay) "
                    + "must not be negative: " + paymentsDelay);
        }
        if (ordersTopic.equals(paymentsTopic)) {
            throw new IllegalArgumentException("orders and payments are read from one topic, " + ordersTopic
                    + " (shopstream.topics.orders and shopstream.topics.payments): the join needs two");
        }
    }

    /** Each input's watermark delay. */
    public Map<String, Duration> delays() {
        return Map.of(ordersTopic, ordersDelay, paymentsTopic, paymentsDelay);
    }
}
