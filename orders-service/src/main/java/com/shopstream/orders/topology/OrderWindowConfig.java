package com.shopstream.orders.topology;

import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.orders.enrichment.EnrichmentConfig;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Everything {@link OrderWindowTopology} needs: the input and late topics, the window queries, where the windows
 * are kept, the serdes, how many orders cross a repartition topic in one record at most ({@code 1}: each in its
 * own), whether orders are added up per group and slice before the repartition ({@link SliceCombiner}), and the
 * enrichment of orders with their customers' versions ({@code null}: none).
 */
public record OrderWindowConfig(String ordersTopic, String lateTopic, List<WindowQuery> queries,
                                StateStoreKind stores, ShopTopics topics, int repartitionBatchSize,
                                boolean partialAggregation, EnrichmentConfig enrichment) {

    /** Without the enrichment. */
    public OrderWindowConfig(String ordersTopic, String lateTopic, List<WindowQuery> queries, StateStoreKind stores,
                             ShopTopics topics, int repartitionBatchSize, boolean partialAggregation) {
        this(ordersTopic, lateTopic, queries, stores, topics, repartitionBatchSize, partialAggregation, null);
    }

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
        for (WindowQuery query : queries) {
            if (query.groupBy() != null && query.groupBy().enriched() && enrichment == null) {
                throw new IllegalArgumentException("window query " + query.name() + " groups by "
                        + query.groupBy().name().toLowerCase(java.util.Locale.ROOT) + ", a field of the customer: set "
                        + "shopstream.orders.enrichment.enabled=true");
            }
            if (query.groupBy() != null && query.groupBy().enriched()
                    && query.grace().compareTo(enrichment.delay()) < 0) {
                // its windows close on the enrichment tasks' frontiers: with a shorter grace, before their orders
                throw new IllegalArgumentException("window query " + query.name() + " groups by a field of the "
                        + "customer: its grace (" + query.grace() + ") must be at least "
                        + "shopstream.orders.enrichment.delay (" + enrichment.delay() + ")");
            }
        }
        if (enrichment != null && !outputs.add(enrichment.outputTopic())) {
            throw new IllegalArgumentException("topic " + enrichment.outputTopic() + " is written by two outputs");
        }
    }
}
