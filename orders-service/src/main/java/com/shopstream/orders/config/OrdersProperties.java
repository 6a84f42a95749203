package com.shopstream.orders.config;

import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.orders.topology.GroupBy;
import com.shopstream.orders.topology.WindowQuery;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code shopstream.orders.*}. Without {@code queries}, the contract's two queries run (see the service README).
 *
 * @param queries     the window queries; when set, they replace the defaults
 * @param stateStores where the windows are kept: {@code rocksdb} or {@code in-memory} (changelogged either way)
 */
@ConfigurationProperties("shopstream.orders")
public record OrdersProperties(List<Query> queries, @DefaultValue("rocksdb") StateStoreKind stateStores) {

    public List<WindowQuery> windowQueries() {
        if (queries == null || queries.isEmpty()) {
            return WindowQuery.contractDefaults();
        }
        return queries.stream().map(Query::toWindowQuery).toList();
    }

    /**
     * One window query ({@code shopstream.orders.queries[n].*}).
     *
     * @param name        unique; names the query's state, so do not rename a running query
     * @param size        window length
     * @param advance     hop; defaults to {@code size} (tumbling)
     * @param grace       watermark delay
     * @param groupBy     optional: {@code customer_id}
     * @param updateTopic update-mode output (optional)
     * @param finalTopic  append-mode output (optional)
     * @param retention   how long windows stay queryable; default size + grace
     */
    public record Query(String name, Duration size, Duration advance, @DefaultValue("3m") Duration grace,
                        GroupBy groupBy, String updateTopic, String finalTopic, Duration retention) {

        WindowQuery toWindowQuery() {
            return new WindowQuery(name, size, advance, grace, groupBy, updateTopic, finalTopic, retention);
        }
    }
}
