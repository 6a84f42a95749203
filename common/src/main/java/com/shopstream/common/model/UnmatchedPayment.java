package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An on-time payment that no on-time order matched within the join's bound, written once the query's watermark has
 * passed its {@code paid_ts} (no order can match it after that).
 *
 * @param reason {@link #NO_ORDER}, or {@link #ORDER_LATE} when an order it would have matched came, but too late for
 *               its {@code orders} partition (docs/CONTRACT.md, "Reconciliation")
 */
@JsonPropertyOrder({"order_id", "payment_id", "paid_amount", "paid_ts", "reason"})
@JsonInclude(JsonInclude.Include.ALWAYS)
public record UnmatchedPayment(
        @JsonProperty("order_id") long orderId,
        @JsonProperty("payment_id") String paymentId,
        @JsonProperty("paid_amount") BigDecimal paidAmount,
        @JsonProperty("paid_ts") Instant paidTs,
        @JsonProperty("reason") String reason) {

    public static final String NO_ORDER = "no_order";
    public static final String ORDER_LATE = "order_late";

    public static UnmatchedPayment of(Payment payment, String reason) {
        return new UnmatchedPayment(payment.orderId(), payment.paymentId(), payment.amount(), payment.paidTs(),
                reason);
    }
}
