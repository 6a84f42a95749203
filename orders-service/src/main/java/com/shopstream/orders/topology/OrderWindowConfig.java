package com.shopstream.orders.topology;

import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything {@link OrderWindowTopology} needs: the input and late topics, the window queries, where the windows
 * are kept, the serdes, how many orders cross a repartition topic in one record at most ({@code 1}: each in its
 * own), and whether orders are added up per group and slice before the repartition ({@link SliceCombiner}).
 */
public record OrderWindowConfig(String ordersTopic, String lateTopic, List<WindowQuery> queries,
                                StateStoreKind stores, ShopTopics topics, int repartitionBatchSize,
                                boolean partialAggregation) {

    public OrderWindowConfig {
        Objects.requireNonNull(ordersTopic, "ordersTopic");
        Objects.requireNonNull(lateTopic, "lateTopic");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(stores, "stores");
        queries = List.copyOf(queries);
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("orders-service needs at least one window query");
        }
        Set<String> names = new HashSet<>();
        Set<String> outputs = new HashSet<>();
        for (WindowQuery query : queries) {
            if (!names.add(query.name())) {
                throw new IllegalArgumentException("two window queries are named " + query.name());
            }
            for (String topic : new String[] {query.updateTopic(), query.finalTopic()}) {
                if (topic != null && !outputs.add(topic)) {
                    throw new IllegalArgumentException("topic " + topic + " is written by two outputs");
                }
            }
        }
    }
}
