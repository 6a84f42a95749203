package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/** One event-time window of orders: its bounds, how many orders and their exact total. */
@JsonPropertyOrder({"window_start", "window_end", "orders", "total"})
public record WindowResult(
        @JsonProperty("window_start") Instant windowStart,
        @JsonProperty("window_end") Instant windowEnd,
        @JsonProperty("orders") long orders,
        @JsonProperty("total") BigDecimal total) {
}
