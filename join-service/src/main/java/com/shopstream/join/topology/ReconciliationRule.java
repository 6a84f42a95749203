package com.shopstream.join.topology;

/**
 * When a late order explains an unmatched payment ({@code order_late} rather than {@code no_order}). A payment is
 * unmatched once the query's watermark passes its {@code paid_ts} with no on-time order within the bound. An order of
 * its id within the bound that its {@code orders} partition refused explains it only if that partition's watermark,
 * when it refused the order, had not passed {@code paid_ts}: the partition's watermark must move past {@code paid_ts}
 * before the query's can, and the reports that say so cross the repartition after the refused order. So such an order
 * always reaches the join before the payment is found unmatched — in a live run as in a replay. An order refused
 * later than that may come before or after, depending on how fast the other partitions are read: it never counts.
 * The one exception is the one every result has: while its {@code orders} partition is idle, the query's watermark
 * moves without it, and what that partition brings afterwards (refused by the join as {@code idle-partition}, and
 * then always counted here: its partition's watermark was behind its own time) depends on when it came.
 */
final class ReconciliationRule {

    private final long bound;

    /** @param bound a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound} */
    ReconciliationRule(long bound) {
        this.bound = bound;
    }

    /** Whether an order refused by its partition's watermark {@code refusedBy} explains a payment at {@code paidTs}. */
    boolean explains(long refusedBy, long paidTs) {
        return refusedBy <= paidTs;
    }

    /**
     * Whether a late order at {@code orderTs}, refused by {@code refusedBy}, can still explain a payment that is yet to
     * be found unmatched: one within its bound, at or after {@code refusedBy}, that the query's {@code watermark} has
     * not passed.
     */
    boolean explainsAny(long orderTs, long refusedBy, long watermark) {
        long last = orderTs + bound;
        return refusedBy <= last && watermark <= last;
    }
}
