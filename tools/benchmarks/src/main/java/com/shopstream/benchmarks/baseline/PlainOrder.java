package com.shopstream.benchmarks.baseline;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;

/** An order as a plain Kafka Streams application would bind it: Jackson data binding, no validation. */
public record PlainOrder(
        @JsonProperty("order_id") long orderId,
        @JsonProperty("customer_id") long customerId,
        @JsonProperty("amount") BigDecimal amount,
        @JsonProperty("order_ts") String orderTs) {
}
