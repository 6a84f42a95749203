package com.shopstream.orders.topology;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One windowed aggregation of orders: count and exact total per event-time window, tumbling when {@code advance}
 * equals {@code size}, hopping (Spark's "sliding") when it is smaller. {@code grace} is the watermark delay.
 *
 * @param name        names the query's stores, internal topics and processors (so: never rename a running query)
 * @param groupBy     {@code null} for one row per window over all orders, or the field of {@link GroupBy}
 * @param updateTopic update mode: a row per change of a window; {@code null} to not write one
 * @param finalTopic  append mode: one row per window once it is final; {@code null} to not write one
 * @param retention   how long after its start a window stays in the store for {@code GET /windows}: until the
 *                    watermark passes {@code start + retention} (at least size + allowed lateness: a window must
 *                    take its last record first; default {@link #DEFAULT_RETENTION}, or size + allowed lateness if
 *                    longer)
 * @param allowedLateness how long after a window is final it still takes records, each writing a revised final
 *                    row ({@code revision} 2, 3, …); {@link Duration#ZERO} (the default): a final window refuses
 *                    records and its one final row has no revision
 */
public record WindowQuery(String name, Duration size, Duration advance, Duration grace, GroupBy groupBy,
                          String updateTopic, String finalTopic, Duration retention, Duration allowedLateness) {

    /** Final windows stay queryable for an hour of event time after their start by default. */
    public static final Duration DEFAULT_RETENTION = Duration.ofHours(1);

    public WindowQuery {
        Objects.requireNonNull(name, "a window query needs a name");
        if (!name.matches("[a-zA-Z0-9._-]+")) {
            throw new IllegalArgumentException("window query name '" + name
                    + "' names stores and topics: use letters, digits, '.', '_' and '-'");
        }
        require(size != null && !size.isZero() && !size.isNegative(), name, "size must be positive: " + size);
        if (advance == null) {
            advance = size;
        }
        require(!advance.isZero() && !advance.isNegative(), name, "advance must be positive: " + advance);
        require(advance.compareTo(size) <= 0, name, "advance " + advance + " is larger than size " + size
                + " (windows would leave gaps)");
        require(grace != null && !grace.isNegative(), name, "grace (the watermark delay) must not be negative: "
                + grace);
        require(blankToNull(updateTopic) != null || blankToNull(finalTopic) != null, name,
                "writes no output: set update-topic, final-topic or both");
        updateTopic = blankToNull(updateTopic);
        finalTopic = blankToNull(finalTopic);
        if (allowedLateness == null) {
            allowedLateness = Duration.ZERO;
        }
        require(!allowedLateness.isNegative(), name, "allowed-lateness must not be negative: " + allowedLateness);
        Duration kept = size.plus(allowedLateness);
        if (retention == null) {
            retention = kept.compareTo(DEFAULT_RETENTION) > 0 ? kept : DEFAULT_RETENTION;
        }
        require(retention.compareTo(size) >= 0, name, "retention " + retention
                + " is shorter than the window (" + size + "): a window must be final before it goes");
        require(retention.compareTo(kept) >= 0, name, "retention " + retention + " is shorter than the window ("
                + size + ") plus its allowed-lateness (" + allowedLateness + "): a window must take its last "
                + "record before it goes");
    }

    /** A query whose final windows refuse records. */
    public WindowQuery(String name, Duration size, Duration advance, Duration grace, GroupBy groupBy,
                       String updateTopic, String finalTopic, Duration retention) {
        this(name, size, advance, grace, groupBy, updateTopic, finalTopic, retention, Duration.ZERO);
    }

    public static WindowQuery tumbling(String name, Duration size, Duration grace, String updateTopic,
                                       String finalTopic) {
        return new WindowQuery(name, size, size, grace, null, updateTopic, finalTopic, null);
    }

    public static WindowQuery hopping(String name, Duration size, Duration advance, Duration grace,
                                      String updateTopic, String finalTopic) {
        return new WindowQuery(name, size, advance, grace, null, updateTopic, finalTopic, null);
    }

    /** The contract's queries: 5-minute tumbling and 10-minute-every-5 hopping windows, with this watermark delay. */
    public static List<WindowQuery> contractDefaults(Duration grace) {
        return contractDefaults(grace, Duration.ZERO);
    }

    /** The contract's queries, with this watermark delay and allowed lateness. */
    public static List<WindowQuery> contractDefaults(Duration grace, Duration allowedLateness) {
        Duration five = Duration.ofMinutes(5);
        return List.of(
                new WindowQuery("orders-per-5m", five, five, grace, null, "orders-per-5m", "orders-per-5m-final",
                        null, allowedLateness),
                new WindowQuery("orders-per-10m-every-5m", Duration.ofMinutes(10), five, grace, null,
                        "orders-per-10m-every-5m", "orders-per-10m-every-5m-final", null, allowedLateness));
    }

    /** Whether final windows take late records and write revised finals. */
    public boolean revises() {
        return !allowedLateness.isZero();
    }

    public boolean isGrouped() {
        return groupBy != null;
    }

    public String storeName() {
        return name + "-store";
    }

    private static void require(boolean condition, String query, String message) {
        if (!condition) {
            throw new IllegalArgumentException("window query " + query + ": " + message);
        }
    }

    private static String blankToNull(String topic) {
        return topic == null || topic.isBlank() ? null : topic;
    }
}
