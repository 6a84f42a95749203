package com.shopstream.session.topology;

import java.math.BigDecimal;

/**
 * A session still open: its first and last order times (epoch ms), how many orders and their total. Its interval is
 * {@code [first, last + gap)}, as Spark's {@code session_window}.
 */
record OpenSession(long first, long last, long orders, BigDecimal total) {

    static OpenSession of(long orderTs, BigDecimal amount) {
        return new OpenSession(orderTs, orderTs, 1, amount);
    }

    long end(long gap) {
        return last + gap;
    }

    /** An order's own interval {@code [t, t + gap)} overlaps or touches this session's. */
    boolean takes(long orderTs, long gap) {
        return orderTs <= last + gap && first <= orderTs + gap;
    }

    OpenSession merge(OpenSession other) {
        return new OpenSession(Math.min(first, other.first), Math.max(last, other.last), orders + other.orders,
                total.add(other.total));
    }
}
