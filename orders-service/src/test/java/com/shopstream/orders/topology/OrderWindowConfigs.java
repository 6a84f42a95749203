package com.shopstream.orders.topology;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.testing.SpeedUps;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.orders.config.OrdersProperties;
import java.util.List;

/** The topology's configuration as the service runs it without any settings (bound, not copied), or with chosen queries. */
final class OrderWindowConfigs {

    private OrderWindowConfigs() {
    }

    static OrderWindowConfig defaults() {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        return OrdersProperties.defaults().toConfig(common, common.lateTopic("orders-service"), TestStreams.topics());
    }

    /** As the service runs with these settings ({@code shopstream.orders.*}), bound as Spring binds them. */
    static OrderWindowConfig boundFrom(java.util.Map<String, String> settings) {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        OrdersProperties orders = new org.springframework.boot.context.properties.bind.Binder(
                new org.springframework.boot.context.properties.source.MapConfigurationPropertySource(settings))
                .bindOrCreate("shopstream.orders", OrdersProperties.class);
        return orders.toConfig(common, common.lateTopic("orders-service"), TestStreams.topics());
    }

    /** The defaults, with or without the speed-ups. */
    static OrderWindowConfig on(SpeedUps path) {
        OrderWindowConfig defaults = defaults();
        return new OrderWindowConfig(defaults.ordersTopic(), defaults.lateTopic(), defaults.queries(),
                defaults.stores(), defaults.topics(), path.repartitionBatchSize(defaults.repartitionBatchSize()),
                path.partialAggregation(defaults.partialAggregation()));
    }

    static OrderWindowConfig of(ShopTopics topics, List<WindowQuery> queries) {
        return of(topics, queries, defaults().stores());
    }

    /** With the windows in memory: for tests that run many records through the driver, which flushes every one. */
    static OrderWindowConfig of(ShopTopics topics, List<WindowQuery> queries, StateStoreKind stores) {
        OrderWindowConfig defaults = defaults();
        return new OrderWindowConfig(defaults.ordersTopic(), defaults.lateTopic(), queries, stores, topics,
                defaults.repartitionBatchSize(), defaults.partialAggregation());
    }
}
