package com.shopstream.orders.query;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/** One window of {@code GET /windows/{query}}: its output key and its current value. */
@JsonPropertyOrder({"key", "window_start", "window_end", "orders", "total"})
public record WindowRow(
        @JsonProperty("key") String key,
        @JsonProperty("window_start") Instant windowStart,
        @JsonProperty("window_end") Instant windowEnd,
        @JsonProperty("orders") long orders,
        @JsonProperty("total") BigDecimal total) {
}
