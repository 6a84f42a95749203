package com.shopstream.common.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An order with the version of its customer that was valid at its {@code order_ts}: {@code tier}, {@code country}
 * and that version's {@code valid_from}; all three {@code null} when no version of the customer was valid then.
 */
@JsonPropertyOrder({"order_id", "customer_id", "amount", "order_ts", "tier", "country", "customer_valid_from"})
public record EnrichedOrder(
        @JsonProperty("order_id") long orderId,
        @JsonProperty("customer_id") long customerId,
        @JsonProperty("amount") BigDecimal amount,
        @JsonProperty("order_ts") Instant orderTs,
        @JsonProperty("tier") String tier,
        @JsonProperty("country") String country,
        @JsonProperty("customer_valid_from") Instant customerValidFrom) {

    /** {@code order} with {@code customer}, or with nothing when it is {@code null}. */
    public static EnrichedOrder of(Order order, Customer customer) {
        return new EnrichedOrder(order.orderId(), order.customerId(), order.amount(), order.orderTs(),
                customer == null ? null : customer.tier(), customer == null ? null : customer.country(),
                customer == null ? null : customer.validFrom());
    }
}
