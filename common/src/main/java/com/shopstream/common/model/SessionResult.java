package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/** A customer's session: {@code [first order, last order + gap)}, as Spark's {@code session_window}. */
@JsonPropertyOrder({"customer_id", "session_start", "session_end", "orders", "total"})
public record SessionResult(
        @JsonProperty("customer_id") long customerId,
        @JsonProperty("session_start") Instant sessionStart,
        @JsonProperty("session_end") Instant sessionEnd,
        @JsonProperty("orders") long orders,
        @JsonProperty("total") BigDecimal total) {
}
