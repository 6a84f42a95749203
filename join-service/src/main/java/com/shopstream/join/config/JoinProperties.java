package com.shopstream.join.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.join.topology.JoinConfig;
import java.time.Duration;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * {@code shopstream.join.*}: the only place a join-service default is written.
 *
 * @param bound        a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}
 * @param grace        watermark delay of each input that has none of its own
 * @param ordersDelay  watermark delay of the {@code orders} partitions (an order is late when older than its
 *                     partition's newest event time − this); unset: {@code grace}
 * @param paymentsDelay the same for the {@code payments} partitions: longer for a provider that reports late
 * @param paidTopic    inner join rows
 * @param statusTopic  inner rows and unpaid orders
 * @param unmatchedTopic payments no order matched within the bound, with the reason
 * @param mismatchedTopic pairs whose amounts differ, and orders paid more than once within the bound
 * @param stateStores  {@code rocksdb} or {@code in-memory} for the unpaid-order detector
 */
@ConfigurationProperties("shopstream.join")
public record JoinProperties(
        @DefaultValue("5m") Duration bound,
        @DefaultValue("3m") Duration grace,
        Duration ordersDelay,
        Duration paymentsDelay,
        @DefaultValue("orders-paid") String paidTopic,
        @DefaultValue("orders-payment-status") String statusTopic,
        @DefaultValue("payments-unmatched") String unmatchedTopic,
        @DefaultValue("payments-mismatched") String mismatchedTopic,
        @DefaultValue("rocksdb") StateStoreKind stateStores) {

    public JoinProperties {
        requireNotNegative("shopstream.join.bound", bound);
        requireNotNegative("shopstream.join.grace", grace);
        requireNotNegative("shopstream.join.orders-delay", ordersDelay);
        requireNotNegative("shopstream.join.payments-delay", paymentsDelay);
    }

    /** The delay of the {@code orders} partitions: their own, or {@code grace}. */
    public Duration ordersDelayOrGrace() {
        return ordersDelay == null ? grace : ordersDelay;
    }

    /** The delay of the {@code payments} partitions: their own, or {@code grace}. */
    public Duration paymentsDelayOrGrace() {
        return paymentsDelay == null ? grace : paymentsDelay;
    }

    private static void requireNotNegative(String key, Duration value) {
        if (value != null && value.isNegative()) {
            throw new IllegalArgumentException(key + " must not be negative: " + value);
        }
    }

    /** As a service without any configuration has them: bound from nothing, not copied. */
    public static JoinProperties defaults() {
        return bind(Map.of());
    }

    /** As a service with these settings ({@code shopstream.join.*} keys) has them. */
    public static JoinProperties bind(Map<String, String> settings) {
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("shopstream.join",
                JoinProperties.class);
    }

    /** The topology's configuration: these settings, the shared topics and the service's late topic. */
    public JoinConfig toConfig(ShopstreamProperties common, String lateTopic, ShopTopics topics) {
        return new JoinConfig(common.topics().orders(), common.topics().payments(), lateTopic, bound,
                ordersDelayOrGrace(), paymentsDelayOrGrace(), paidTopic, statusTopic, unmatchedTopic, mismatchedTopic,
                stateStores, topics,
                common.repartitionBatchSize());
    }
}
