package com.shopstream.faults;

import java.time.Duration;

/**
 * The most rows a state store of the suite may hold while the watermark does its work, whatever the length of the
 * history: what feeds the store (orders, payments or customers) times the event time a row may stay in it. The
 * horizons follow the contract's defaults (windows of 5 and 10 minutes, grace 3 minutes, session gap 3 minutes,
 * payment bound 5 minutes, dedup delay 3 minutes) and how Kafka Streams keeps windowed stores: a segmented store
 * drops a segment only when all of it is past retention, so up to one segment interval (retention / 2, at least a
 * minute) more is held. Every horizon also allows the stream's disorder and a minute for commits and stream-time
 * punctuation.
 *
 * @param rows the bound; {@code -1} for stores whose size the service cannot report (in-memory suppression
 *             buffers, bounded by their own byte limit instead)
 */
record StoreBound(String store, long rows, String why) {

    private static final Duration SLACK = Duration.ofMinutes(1);

    /** What feeds the stores: records per second of event time, and the (constant) number of customers. */
    record Rates(double ordersPerSecond, double paymentsPerSecond, int customers, int partitions,
                 Duration disorder) {
    }

    static StoreBound of(String store, Rates rates) {
        if (store.endsWith("-buffer-store")) {
            return new StoreBound(store, -1, "suppression buffer (in memory, bounded by its max bytes)");
        }
        if (store.endsWith("-watermark")) {
            // one row per input partition of the task; the join's task reads two topics
            return new StoreBound(store, 2L * rates.partitions(), "a row per input partition");
        }
        if (store.equals("customer-streaks-expiry")) {
            // an entry per change of a customer's expiry; a stale one stays until it comes due (streak timeout)
            return kept(store, rates.ordersPerSecond(), minutes(30), rates);
        }
        if (store.contains("streak")) {
            return new StoreBound(store, rates.customers(), "a row per customer");
        }
        return switch (store) {
            case "orders-per-5m-store" -> windowed(store, rates.ordersPerSecond(), 1, minutes(5 + 3), rates);
            // a hopping window of 10 minutes every 5: each order is in two windows
            case "orders-per-10m-every-5m-store" -> windowed(store, rates.ordersPerSecond(), 2, minutes(10 + 3), rates);
            case "order-payment-join-store-this-join-store" ->
                    windowed(store, rates.ordersPerSecond(), 1, minutes(5 + 3), rates);
            case "order-payment-join-store-other-join-store" ->
                    windowed(store, rates.paymentsPerSecond(), 1, minutes(5 + 3), rates);
            // pending until paid or until the watermark passes order_ts + bound
            case "order-payment-join-pending-orders" -> kept(store, rates.ordersPerSecond(), minutes(5 + 3), rates);
            // kept until no pending order can look for the payment any more
            case "order-payment-join-payments-seen", "order-payment-join-payments-expiry" ->
                    kept(store, rates.paymentsPerSecond(), minutes(5 + 3), rates);
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
