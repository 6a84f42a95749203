package com.shopstream.orders.topology;

import java.math.BigDecimal;

/** The running count and exact total of one window (of one group). */
public record WindowAggregate(long orders, BigDecimal total) {

    public static final WindowAggregate EMPTY = new WindowAggregate(0, BigDecimal.ZERO.setScale(2));

    public WindowAggregate plus(long moreOrders, BigDecimal moreTotal) {
        return new WindowAggregate(orders + moreOrders, total.add(moreTotal));
    }

    public boolean isEmpty() {
        return orders == 0;
    }
}
