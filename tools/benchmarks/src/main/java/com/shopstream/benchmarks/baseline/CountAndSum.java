package com.shopstream.benchmarks.baseline;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;

/** The aggregate of one window: order count and exact total, stored as JSON (what a plain application would do). */
public record CountAndSum(@JsonProperty("orders") long orders, @JsonProperty("total") BigDecimal total) {

    static final CountAndSum EMPTY = new CountAndSum(0, BigDecimal.ZERO);

    CountAndSum add(PlainOrder order) {
        return new CountAndSum(orders + 1, total.add(order.amount()));
    }

    /** Two sessions merged into one (session windows only). */
    CountAndSum plus(CountAndSum other) {
        return new CountAndSum(orders + other.orders, total.add(other.total));
    }
}
