package com.shopstream.common.model;

import java.time.Instant;
import java.util.Objects;

/**
 * One version of a customer, from the compacted {@code customers} topic: valid from {@code validFrom} (its event
 * time) until the customer's next version.
 */
public record Customer(long customerId, String tier, String country, Instant validFrom) implements ShopEvent {

    public Customer {
        Objects.requireNonNull(tier, "tier");
        Objects.requireNonNull(country, "country");
        Objects.requireNonNull(validFrom, "validFrom");
    }

    @Override
    public String key() {
        return Long.toString(customerId);
    }

    @Override
    public Instant eventTime() {
        return validFrom;
    }
}
