package com.shopstream.orders.topology;

import com.shopstream.common.model.EnrichedOrder;
import com.shopstream.common.model.Order;
import java.util.Locale;

/**
 * The field a window query can group by; the group prefixes the window key ({@code <group>@<interval>}). A field of
 * the customer ({@code tier}, {@code country}) is the one its customer version valid at the order's time had: such a
 * query reads the enrichment's output ({@link #enriched()}).
 */
public enum GroupBy {

    CUSTOMER_ID,
    TIER,
    COUNTRY;

    /** Whether the field is the customer's, known only once the enrichment has looked the order up. */
    public boolean enriched() {
        return this != CUSTOMER_ID;
    }

    /** An enriched order's group; an order whose customer had no version then is in the group {@code none}. */
    public String groupOf(EnrichedOrder order) {
        String group = switch (this) {
            case CUSTOMER_ID -> Long.toString(order.customerId());
            case TIER -> order.tier();
            case COUNTRY -> order.country();
        };
        return group == null ? NONE : group;
    }

    /** The group of the orders whose customer had no version at their time. */
    public static final String NONE = "none";

    /** The repartition topic ({@code <name>-repartition}) and processors of the queries grouped by this field. */
    public String partitionName() {
        return "orders-by-" + name().toLowerCase(Locale.ROOT);
    }

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
            return by == null ? "orders-by-all" : by.partitionName();
        }

        /** One partition for the ungrouped queries (their one group); Kafka Streams' choice for the others. */
        public Integer partitions() {
            return by == null ? 1 : null;
        }
    }
}
