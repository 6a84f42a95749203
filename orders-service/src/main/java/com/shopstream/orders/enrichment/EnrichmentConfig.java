package com.shopstream.orders.enrichment;

import com.shopstream.common.streams.StateStoreKind;
import java.time.Duration;
import java.util.Objects;

/**
 * What {@link CustomerEnrichment} needs: the customers topic it reads, the topic it writes, the query's watermark
 * delay (over both inputs), how long the versioned store keeps a customer's superseded versions (for orders read
 * behind the watermark), and where the held versions and orders are kept.
 */
public record EnrichmentConfig(String customersTopic, String outputTopic, Duration delay, Duration historyRetention,
                               StateStoreKind stores) {

    public EnrichmentConfig {
        Objects.requireNonNull(customersTopic, "customersTopic");
        Objects.requireNonNull(outputTopic, "outputTopic");
        Objects.requireNonNull(stores, "stores");
        if (delay == null || delay.isNegative()) {
            throw new IllegalArgumentException("shopstream.orders.enrichment.delay must not be negative: " + delay);
        }
        if (historyRetention == null || historyRetention.compareTo(delay) < 0) {
            throw new IllegalArgumentException("shopstream.orders.enrichment.history-retention (" + historyRetention
                    + ") must be at least the delay (" + delay + "): an order within the delay behind the "
                    + "watermark is looked up as of its time");
        }
    }
}
