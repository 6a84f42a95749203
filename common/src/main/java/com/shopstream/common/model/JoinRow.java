package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/** An order with its payment; the payment fields are {@code null} for an order that found no payment in time. */
@JsonPropertyOrder({"order_id", "customer_id", "order_amount", "order_ts", "payment_id", "paid_amount", "paid_ts"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record JoinRow(
        @JsonProperty("order_id") long orderId,
        @JsonProperty("customer_id") long customerId,
        @JsonProperty("order_amount") BigDecimal orderAmount,
        @JsonProperty("order_ts") Instant orderTs,
        @JsonProperty("payment_id") String paymentId,
        @JsonProperty("paid_amount") BigDecimal paidAmount,
        @JsonProperty("paid_ts") Instant paidTs) {

    public static JoinRow paid(Order order, Payment payment) {
        return new JoinRow(order.orderId(), order.customerId(), order.amount(), order.orderTs(),
                payment.paymentId(), payment.amount(), payment.paidTs());
    }

    public static JoinRow unpaid(Order order) {
        return new JoinRow(order.orderId(), order.customerId(), order.amount(), order.orderTs(), null, null, null);
    }
}
