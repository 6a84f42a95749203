package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A customer's session: {@code [first order, last order + gap)}, as Spark's {@code session_window}; and, in the final
 * rows of sessions with an allowed lateness, which revision of the session's final result it is (absent elsewhere).
 */
@JsonPropertyOrder({"customer_id", "session_start", "session_end", "orders", "total", "revision"})
public record SessionResult(
        @JsonProperty("customer_id") long customerId,
        @JsonProperty("session_start") Instant sessionStart,
        @JsonProperty("session_end") Instant sessionEnd,
        @JsonProperty("orders") long orders,
        @JsonProperty("total") BigDecimal total,
        @JsonProperty("revision") @JsonInclude(JsonInclude.Include.NON_NULL) Integer revision) {

    /** A row without revision: an update row, or the one final row of sessions without allowed lateness. */
    public SessionResult(long customerId, Instant sessionStart, Instant sessionEnd, long orders, BigDecimal total) {
        this(customerId, sessionStart, sessionEnd, orders, total, null);
    }
}
