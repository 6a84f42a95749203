package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;

/**
 * What the join's reconciliation found wrong with an order's payments (docs/CONTRACT.md, "Reconciliation"):
 * <ul>
 *   <li>{@link #AMOUNT}: one pair of the inner join whose {@code paid_amount} is not the {@code order_amount}, with
 *   {@code difference} = paid − ordered; written with the pair, {@code payments} {@code null};</li>
 *   <li>{@link #PAID_TWICE}: an order that more than one payment matched within the bound, with how many
 *   ({@code payments}); written once the query's watermark passes {@code order_ts + bound} (when no more can come),
 *   the payment fields and {@code difference} {@code null} (each pair is in {@code orders-paid}).</li>
 * </ul>
 */
@JsonPropertyOrder({"order_id", "customer_id", "order_amount", "order_ts", "payment_id", "paid_amount", "paid_ts",
        "difference", "payments", "reason"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record PaymentMismatch(
        @JsonProperty("order_id") long orderId,
        @JsonProperty("customer_id") long customerId,
        @JsonProperty("order_amount") BigDecimal orderAmount,
        @JsonProperty("order_ts") Instant orderTs,
        @JsonProperty("payment_id") String paymentId,
        @JsonProperty("paid_amount") BigDecimal paidAmount,
        @JsonProperty("paid_ts") Instant paidTs,
        @JsonProperty("difference") BigDecimal difference,
        @JsonProperty("payments") Integer payments,
        @JsonProperty("reason") String reason) {

    public static final String AMOUNT = "amount";
    public static final String PAID_TWICE = "paid_twice";

    /** The pair, if its amounts differ. */
    public static Optional<PaymentMismatch> ofPair(Order order, Payment payment) {
        if (order.amount().compareTo(payment.amount()) == 0) {
            return Optional.empty();
        }
        return Optional.of(new PaymentMismatch(order.orderId(), order.customerId(), order.amount(),
                order.orderTs(), payment.paymentId(), payment.amount(), payment.paidTs(),
                payment.amount().subtract(order.amount()), null, AMOUNT));
    }

    /** An order that {@code payments} (2 or more) payments matched. */
    public static PaymentMismatch paidTwice(Order order, int payments) {
        return new PaymentMismatch(order.orderId(), order.customerId(), order.amount(), order.orderTs(), null, null,
                null, null, payments, PAID_TWICE);
    }
}
