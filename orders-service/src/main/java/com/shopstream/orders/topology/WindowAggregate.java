package com.shopstream.orders.topology;

import java.math.BigDecimal;

/**
 * The running count and exact total of one window (of one group), and the revision of its final result a late
 * record (within the query's allowed lateness) last wrote: 0 until one does (the first final row, written when the
 * watermark reaches the window's end, is revision 1 and changes nothing here).
 */
public record WindowAggregate(long orders, BigDecimal total, int revision) {

    public static final WindowAggregate EMPTY = new WindowAggregate(0, BigDecimal.ZERO.setScale(2), 0);

    public WindowAggregate(long orders, BigDecimal total) {
        this(orders, total, 0);
    }

    public WindowAggregate plus(long moreOrders, BigDecimal moreTotal) {
        return new WindowAggregate(orders + moreOrders, total.add(moreTotal), revision);
    }

    public WindowAggregate withRevision(int newRevision) {
        return new WindowAggregate(orders, total, newRevision);
    }

    public boolean isEmpty() {
        return orders == 0;
    }
}
