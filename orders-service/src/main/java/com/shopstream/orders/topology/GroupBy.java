package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;
import java.util.Locale;

/** The field a window query can group by; the group prefixes the window key ({@code <group>@<interval>}). */
public enum GroupBy {

    CUSTOMER_ID;

    /**
     * How orders are keyed for the queries that share one repartition: by a field, or all under one key (every order
     * of an ungrouped query meets in one task, as in one Spark group).
     */
    public record Grouping(GroupBy by) {

        /** The key every order of an ungrouped query shares. */
        public static final String ALL = "all";

        public static Grouping of(GroupBy by) {
            return new Grouping(by);
        }

        public String groupOf(Order order) {
            return by == null ? ALL : Long.toString(order.customerId());
        }

        /** The repartition topic ({@code <name>-repartition}) and processors of this grouping. */
        public String partitionName() {
            return by == null ? "orders-by-all" : "orders-by-" + by.name().toLowerCase(Locale.ROOT);
        }

        /** One partition for the ungrouped queries (their one group); Kafka Streams' choice for the others. */
        public Integer partitions() {
            return by == null ? 1 : null;
        }
    }
}
