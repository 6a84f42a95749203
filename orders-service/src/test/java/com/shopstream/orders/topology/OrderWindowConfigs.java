package com.shopstream.orders.topology;

import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import java.util.List;

/** Configurations the tests use: the contract's defaults, or chosen queries, with the default topics. */
final class OrderWindowConfigs {

    private OrderWindowConfigs() {
    }

    static OrderWindowConfig contract(ShopTopics topics) {
        return of(topics, WindowQuery.contractDefaults());
    }

    static OrderWindowConfig of(ShopTopics topics, List<WindowQuery> queries) {
        return new OrderWindowConfig("orders", "orders-service-late", queries, StateStoreKind.ROCKSDB, topics);
    }
}
