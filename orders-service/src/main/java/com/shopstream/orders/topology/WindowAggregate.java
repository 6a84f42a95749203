package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;
import java.math.BigDecimal;

/** The running count and exact total of one window (of one group). */
public record WindowAggregate(long orders, BigDecimal total) {

    public static final WindowAggregate EMPTY = new WindowAggregate(0, BigDecimal.ZERO.setScale(2));

    public WindowAggregate add(Order order) {
        return new WindowAggregate(orders + 1, total.add(order.amount()));
    }

    public boolean isEmpty() {
        return orders == 0;
    }
}
