package com.shopstream.orders.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.orders.enrichment.EnrichmentConfig;
import com.shopstream.orders.topology.GroupBy;
import com.shopstream.orders.topology.OrderWindowConfig;
import com.shopstream.orders.topology.WindowQuery;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * {@code shopstream.orders.*}: the only place an orders-service default is written. Without {@code queries}, the
 * contract's two queries run (see the service README).
 *
 * @param queries     the window queries; when set, they replace the defaults
 * @param grace       the watermark delay of every query that does not set its own
 * @param allowedLateness how long after a window is final it still takes records, each writing a revised final
 *                    row, for every query that does not set its own; 0 (the default): a final window refuses records
 * @param stateStores where the windows are kept: {@code rocksdb} or {@code in-memory} (changelogged either way)
 * @param partialAggregation whether each source task adds up its orders per group and slice of event time before
 *                    the repartition and sends the sums (the default), or sends every order (as before; for comparison)
 * @param queryMaxRange the widest {@code [from, to]} a window query ({@code GET /windows}) may ask for
 * @param queryMaxRows  the most rows a window query may answer; a wider one is refused, never cut short
 * @param enrichment    the enrichment of orders with the customer version valid at their time (off by default)
 */
@ConfigurationProperties("shopstream.orders")
public record OrdersProperties(List<Query> queries, @DefaultValue("3m") Duration grace,
                               @DefaultValue("0s") Duration allowedLateness,
                               @DefaultValue("rocksdb") StateStoreKind stateStores,
                               @DefaultValue("true") boolean partialAggregation,
                               @DefaultValue("24h") Duration queryMaxRange,
                               @DefaultValue("10000") int queryMaxRows,
                               @DefaultValue Enrichment enrichment) {

    public OrdersProperties {
        if (allowedLateness == null || allowedLateness.isNegative()) {
            throw new IllegalArgumentException("shopstream.orders.allowed-lateness must not be negative: "
                    + allowedLateness);
        }
        if (queryMaxRange == null || queryMaxRange.isNegative() || queryMaxRange.isZero()) {
            throw new IllegalArgumentException("shopstream.orders.query-max-range must be positive: " + queryMaxRange);
        }
        if (queryMaxRows <= 0) {
            throw new IllegalArgumentException("shopstream.orders.query-max-rows must be positive: " + queryMaxRows);
        }
    }

    /** As a service without any configuration has them: bound from nothing, not copied. */
    public static OrdersProperties defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate("shopstream.orders",
                OrdersProperties.class);
    }

    public List<WindowQuery> windowQueries() {
        if (queries == null || queries.isEmpty()) {
            return WindowQuery.contractDefaults(grace, allowedLateness);
        }
        return queries.stream().map(query -> query.toWindowQuery(grace, allowedLateness)).toList();
    }

    /** The topology's configuration: these queries, the shared topics and the service's late topic. */
    public OrderWindowConfig toConfig(ShopstreamProperties common, String lateTopic, ShopTopics topics) {
        return new OrderWindowConfig(common.topics().orders(), lateTopic, windowQueries(), stateStores, topics,
                common.repartitionBatchSize(), partialAggregation, enrichment.toConfig(grace, stateStores));
    }

    /**
     * {@code shopstream.orders.enrichment.*}: orders joined to the customer version valid at their {@code order_ts}.
     *
     * @param enabled          whether orders-service reads {@code customers-topic} and writes {@code output-topic}
     * @param customersTopic   the compacted topic of customer versions, keyed by {@code customer_id}
     * @param outputTopic      where each order goes with its customer's tier and country
     * @param delay            the watermark delay over both inputs; default {@code shopstream.orders.grace}
     * @param historyRetention how far back an order read behind the enrichment's watermark (looked up at once)
     *                         still finds the version valid at its time
     */
    public record Enrichment(@DefaultValue("false") boolean enabled, @DefaultValue("customers") String customersTopic,
                             @DefaultValue("orders-enriched") String outputTopic, Duration delay,
                             @DefaultValue("7d") Duration historyRetention) {

        EnrichmentConfig toConfig(Duration defaultDelay, StateStoreKind stores) {
            return enabled ? new EnrichmentConfig(customersTopic, outputTopic, delay == null ? defaultDelay : delay,
                    historyRetention, stores) : null;
        }
    }

    /**
     * One window query ({@code shopstream.orders.queries[n].*}).
     *
     * @param name        unique; names the query's state, so do not rename a running query
     * @param size        window length
     * @param advance     hop; defaults to {@code size} (tumbling)
     * @param grace       watermark delay; default {@code shopstream.orders.grace}
     * @param groupBy     optional: {@code customer_id}; with the enrichment on also {@code tier} or {@code country}
     * @param updateTopic update-mode output (optional)
     * @param finalTopic  append-mode output (optional)
     * @param retention   how long windows stay queryable; default 1h, or {@code size + allowed-lateness} if longer
     * @param allowedLateness how long a final window still takes records; default
     *                    {@code shopstream.orders.allowed-lateness}
     */
    public record Query(String name, Duration size, Duration advance, Duration grace,
                        GroupBy groupBy, String updateTopic, String finalTopic, Duration retention,
                        Duration allowedLateness) {

        WindowQuery toWindowQuery(Duration defaultGrace, Duration defaultAllowedLateness) {
            return new WindowQuery(name, size, advance, grace == null ? defaultGrace : grace, groupBy, updateTopic,
                    finalTopic, retention, allowedLateness == null ? defaultAllowedLateness : allowedLateness);
        }
    }
}
