package com.shopstream.orders.topology;

import java.math.BigDecimal;

/**
 * What the orders of one group in one slice add up to, as far as one source task has combined them: how many, their
 * exact total in hundredths (the contract's amounts have at most two fraction digits), and their oldest and newest
 * event time. Mutable: the combining step adds to it with every order ({@link OpenSlices} keeps it).
 */
final class SlicePartial {

    private static final BigDecimal LARGEST = BigDecimal.valueOf(Long.MAX_VALUE, 2);

    private long orders;
    private long cents;
    private long oldest = Long.MAX_VALUE;
    private long newest = Long.MIN_VALUE;

    /** The amount in hundredths, or {@code -1} when it has more than two fraction digits or does not fit a long. */
    static long cents(BigDecimal amount) {
        if (amount.signum() < 0 || amount.scale() > 2 || amount.compareTo(LARGEST) > 0) {
            return -1;
        }
        return amount.movePointRight(2).longValueExact();
    }

    /** Whether {@code more} hundredths can be added without overflowing the total. */
    boolean takes(long more) {
        return cents <= Long.MAX_VALUE - more;
    }

    void add(long more, long eventTime) {
        orders++;
        cents += more;
        oldest = Math.min(oldest, eventTime);
        newest = Math.max(newest, eventTime);
    }

    /** Adds another partial of the same group and slice. */
    void merge(SlicePartial other) {
        orders += other.orders;
        cents = Math.addExact(cents, other.cents);
        oldest = Math.min(oldest, other.oldest);
        newest = Math.max(newest, other.newest);
    }

    long orders() {
        return orders;
    }

    long cents() {
        return cents;
    }

    long oldest() {
        return oldest;
    }

    long newest() {
        return newest;
    }

    /** The exact total, scale 2. */
    BigDecimal total() {
        return BigDecimal.valueOf(cents, 2);
    }

    static SlicePartial of(long orders, long cents, long oldest, long newest) {
        SlicePartial partial = new SlicePartial();
        partial.orders = orders;
        partial.cents = cents;
        partial.oldest = oldest;
        partial.newest = newest;
        return partial;
    }
}
