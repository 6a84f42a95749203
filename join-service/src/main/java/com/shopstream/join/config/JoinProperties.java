package com.shopstream.join.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.join.topology.JoinConfig;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * {@code shopstream.join.*}: the only place a join-service default is written.
 *
 * @param bound        a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}
 * @param grace        watermark delay over both inputs
 * @param paidTopic    inner join rows
 * @param statusTopic  inner rows and unpaid orders
 * @param stateStores  {@code rocksdb} or {@code in-memory} for the unpaid-order detector
 */
@ConfigurationProperties("shopstream.join")
public record JoinProperties(
        @DefaultValue("5m") Duration bound,
        @DefaultValue("3m") Duration grace,
        @DefaultValue("orders-paid") String paidTopic,
        @DefaultValue("orders-payment-status") String statusTopic,
        @DefaultValue("rocksdb") StateStoreKind stateStores) {

    /** As a service without any configuration has them: bound from nothing, not copied. */
    public static JoinProperties defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate("shopstream.join", JoinProperties.class);
    }

    /** The topology's configuration: these settings, the shared topics and the service's late topic. */
    public JoinConfig toConfig(ShopstreamProperties common, String lateTopic, ShopTopics topics) {
        return new JoinConfig(common.topics().orders(), common.topics().payments(), lateTopic, bound, grace,
                paidTopic, statusTopic, stateStores, topics, common.repartitionBatchSize());
    }
}
