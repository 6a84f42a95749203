package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * One event-time window of orders: its bounds, how many orders and their exact total; and, in the final rows of a
 * query with an allowed lateness, which revision of the window's final result it is (1 for the first, then 2, 3, …;
 * absent everywhere else, so rows of queries without one are as they always were).
 */
@JsonPropertyOrder({"window_start", "window_end", "orders", "total", "revision"})
public record WindowResult(
        @JsonProperty("window_start") Instant windowStart,
        @JsonProperty("window_end") Instant windowEnd,
        @JsonProperty("orders") long orders,
        @JsonProperty("total") BigDecimal total,
        @JsonProperty("revision") @JsonInclude(JsonInclude.Include.NON_NULL) Integer revision) {

    /** A row without revision: an update row, or the one final row of a query without allowed lateness. */
    public WindowResult(Instant windowStart, Instant windowEnd, long orders, BigDecimal total) {
        this(windowStart, windowEnd, orders, total, null);
    }
}
