package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;

/** The field a window query can group by; the group prefixes the window key ({@code <group>@<interval>}). */
public enum GroupBy {

    CUSTOMER_ID;

    /** The key every order of an ungrouped query shares: all of them meet in one task, as in one Spark group. */
    public static final String ALL = "all";

    public String groupOf(Order order) {
        return Long.toString(order.customerId());
    }

    /** The repartition topic (and processor names) of this grouping, shared by all queries that group alike. */
    public static String partitionName(GroupBy groupBy) {
        return groupBy == null ? "orders-by-all" : "orders-by-" + groupBy.name().toLowerCase(java.util.Locale.ROOT);
    }
}
