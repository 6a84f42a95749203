package com.shopstream.benchmarks.baseline;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;

/** A payment as a plain Kafka Streams application would bind it: Jackson data binding, no validation. */
public record PlainPayment(
        @JsonProperty("payment_id") String paymentId,
        @JsonProperty("order_id") long orderId,
        @JsonProperty("amount") BigDecimal amount,
        @JsonProperty("paid_ts") String paidTs) {
}
