package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** A customer's run of consecutive orders of at least 10.00; {@code timedOut} marks the last value before removal. */
@JsonPropertyOrder({"customer_id", "streak", "timed_out"})
public record StreakUpdate(
        @JsonProperty("customer_id") long customerId,
        @JsonProperty("streak") long streak,
        @JsonProperty("timed_out") boolean timedOut) {
}
