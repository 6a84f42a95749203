package com.shopstream.faults;

import java.time.Duration;

/**
 * The most rows a state store of the suite may hold while the watermark does its work, whatever the length of the
 * history: what feeds the store (orders, payments or customers) times the event time a row may stay in it. The
 * horizons follow the contract's defaults (windows of 5 and 10 minutes, grace 3 minutes, session gap 3 minutes,
 * payment bound 5 minutes, dedup delay 3 minutes, window retention 1 hour). Every horizon also allows the stream's
 * disorder and a minute for commits.
 *
 * @param rows the bound
 */
record StoreBound(String store, long rows, String why) {

    private static final Duration SLACK = Duration.ofMinutes(1);

    /** What feeds the stores: records per second of event time, and the (constant) number of customers. */
    record Rates(double ordersPerSecond, double paymentsPerSecond, int customers, int partitions,
                 Duration disorder) {
    }

    static StoreBound of(String store, Rates rates) {
        if (store.endsWith("-watermarks")) {
            // per task (a tracker behind a repartition runs in one task per repartition partition, at most as many
            // as the input has): a row per input partition (the join's tracker keeps every partition of both
            // inputs), a partition count per input topic, and the frontier
            return new StoreBound(store, rates.partitions() * (2L * rates.partitions() + 3),
                    "per task: a row per input partition, count, frontier");
        }
        if (store.endsWith("-release-buffer")) {
            // orders wait until every partition's watermark has reached theirs: the skew between partitions
            return kept(store, rates.ordersPerSecond(), minutes(2), rates);
        }
        if (store.contains("streak")) {
            // a row per customer with a streak, until it times out
            return new StoreBound(store, rates.customers(), "a row per customer");
        }
        return switch (store) {
            // ungrouped: one row per window, kept until the watermark passes start + retention (1 hour)
            case "orders-per-5m-store" -> windows(store, minutes(5), minutes(5), minutes(60 + 3), rates);
            case "orders-per-10m-every-5m-store" -> windows(store, minutes(10), minutes(5), minutes(60 + 3), rates);
            // an order copy until the watermark passes order_ts + bound
            case "order-payment-join-orders" ->
                    kept(store, rates.ordersPerSecond(), minutes(5 + 3), rates);
            // a payment until the query's watermark passes paid_ts; that watermark is the older of both inputs',
            // and at the end of a stream the orders stop up to the bound (5 minutes) before their payments do
            case "order-payment-join-payments" ->
                    kept(store, rates.paymentsPerSecond(), minutes(3 + 5), rates);
            // a late order that may explain an unmatched payment: refused no further behind its partition's newest
            // than the bound, until the query's watermark passes order_ts + bound (most late orders are refused
            // further behind, and not kept at all)
            case "order-payment-join-late-orders" ->
                    kept(store, rates.ordersPerSecond(), minutes(5 + 3), rates);
            // a payment id for the idempotency window (24 hours), in a window store whose segments are half of it
            case "payments-edge-ids" -> windowed(store, rates.paymentsPerSecond(), 1, Duration.ofHours(24), rates);
            default -> {
                if (store.startsWith("customer-sessions")) {
                    // a session holds at least one order; sessions stay for gap + grace
                    yield windowed(store, rates.ordersPerSecond(), 1, minutes(3 + 3), rates);
                }
                if (store.startsWith("orders-deduped")) {
                    // by pair: until the watermark passes order_ts; by id: until it passes order_ts + delay
                    yield kept(store, rates.ordersPerSecond(), minutes(3 + 3), rates);
                }
                throw new IllegalArgumentException("no bound known for state store " + store + ": add it here");
            }
        };
    }

    /** The windows of an ungrouped query that can be in its store: those started within its horizon. */
    private static StoreBound windows(String store, Duration size, Duration advance, Duration horizon, Rates rates) {
        Duration total = horizon.plus(size).plus(rates.disorder()).plus(SLACK);
        return new StoreBound(store, total.toSeconds() / advance.toSeconds() + 1,
                "windows started within " + horizon + " + size + disorder + slack");
    }

    private static StoreBound windowed(String store, double perSecond, int windowsPerRecord, Duration retention,
                                       Rates rates) {
        Duration segment = retention.dividedBy(2).compareTo(Duration.ofMinutes(1)) < 0
                ? Duration.ofMinutes(1) : retention.dividedBy(2);
        Duration horizon = retention.plus(segment).plus(SLACK).plus(rates.disorder());
        return new StoreBound(store, (long) Math.ceil(perSecond * windowsPerRecord * horizon.toSeconds()),
                String.format("%.1f/s x %d x (retention %s + segment %s + slack)", perSecond, windowsPerRecord,
                        retention, segment));
    }

    private static StoreBound kept(String store, double perSecond, Duration horizon, Rates rates) {
        Duration total = horizon.plus(rates.disorder()).plus(SLACK);
        return new StoreBound(store, (long) Math.ceil(perSecond * total.toSeconds()),
                String.format("%.1f/s x (%s + disorder + slack)", perSecond, horizon));
    }

    private static Duration minutes(long minutes) {
        return Duration.ofMinutes(minutes);
    }
}
