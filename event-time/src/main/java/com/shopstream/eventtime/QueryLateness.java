package com.shopstream.eventtime;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One query as its source step sees it: its name (for the late headers and its progress), its watermark delay
 * (Kafka Streams' grace), what of a record its watermark refuses, and the delay of each input that has one of its own.
 *
 * <p>With one delay for every input, a partition's watermark is its newest event time − the delay, and the query's
 * is the oldest of them: its frontier (the oldest newest event time) − the delay. With a delay per input (Spark's
 * {@code withWatermark} on each side of a join), a partition's watermark is its newest event time − its input's
 * delay, and the query's is still the oldest of them: {@link #delay()} is then the smallest input delay, and an input
 * with a longer one holds its partitions' clocks back by the difference ({@link #holdBack}) before the frontier takes
 * their minimum. So the frontier, its persistence and everything behind it stay one number per query.
 *
 * @param delay       the query's delay: the frontier minus this is the query's watermark; the smallest input delay
 * @param inputDelays the inputs (topics) whose delay differs from {@code delay}: each longer than it
 */
public record QueryLateness(String query, Duration delay, LatenessRule rule, Map<String, Duration> inputDelays) {

    public QueryLateness {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(rule, "rule");
        inputDelays = Map.copyOf(new TreeMap<>(inputDelays));
        if (!query.matches("[a-zA-Z0-9._-]+")) {
            throw new IllegalArgumentException("query name '" + query
                    + "' names state stores and topics: use letters, digits, '.', '_' and '-' only");
        }
        if (delay.isNegative()) {
            throw new IllegalArgumentException("the watermark delay (grace) of " + query + " is negative: " + delay);
        }
        inputDelays.forEach((topic, inputDelay) -> {
            if (inputDelay.compareTo(delay) < 0) {
                throw new IllegalArgumentException("the delay of " + topic + " in " + query + " (" + inputDelay
                        + ") is shorter than the query's (" + delay + "), which is the smallest of its inputs'");
            }
        });
    }

    /** A query with one delay for every input. */
    public QueryLateness(String query, Duration delay, LatenessRule rule) {
        this(query, delay, rule, Map.of());
    }

    /**
     * A query whose inputs have a delay each: the query's delay is the smallest.
     *
     * @throws IllegalArgumentException when a delay is negative (naming its input) or none is given
     */
    public static QueryLateness perInput(String query, Map<String, Duration> delays, LatenessRule rule) {
        if (delays.isEmpty()) {
            throw new IllegalArgumentException(query + " reads at least one input");
        }
        delays.forEach((topic, delay) -> {
            if (delay.isNegative()) {
                throw new IllegalArgumentException("the watermark delay of " + topic + " in " + query
                        + " is negative: " + delay);
            }
        });
        Duration smallest = delays.values().stream().min(Duration::compareTo).orElseThrow();
        Map<String, Duration> longer = new TreeMap<>(delays);
        longer.values().removeIf(smallest::equals);
        return new QueryLateness(query, smallest, rule, longer);
    }

    /** The delay of an input: its own, or the query's. */
    public Duration delayOf(String topic) {
        return inputDelays.getOrDefault(topic, delay);
    }

    /** How far an input's delay exceeds the query's, in milliseconds: what its partitions' clocks are held back by. */
    public long holdBack(String topic) {
        Duration own = inputDelays.get(topic);
        return own == null ? 0 : own.minus(delay).toMillis();
    }

    /** {@link #holdBack} of each of {@code topics} that has one: what a table of their clocks takes. */
    public Map<String, Long> holdBacks(Collection<String> topics) {
        Map<String, Long> out = new TreeMap<>();
        for (String topic : topics) {
            if (holdBack(topic) != 0) {
                out.put(topic, holdBack(topic));
            }
        }
        return out;
    }

    /** The query's watermark for its frontier (the oldest of its partitions' held-back clocks). */
    public long watermark(long frontier) {
        return frontier == InputClocks.NONE ? InputClocks.NONE : frontier - delay.toMillis();
    }

    /** A partition's watermark: its newest event time − its input's delay. */
    public long partitionWatermark(String topic, long newest) {
        return newest == InputClocks.NONE ? InputClocks.NONE : newest - delayOf(topic).toMillis();
    }

    /**
     * The hold-backs every query of one step has in common for its topics: one table of clocks serves them all only
     * if they agree.
     *
     * @throws IllegalArgumentException naming the step and the queries that disagree
     */
    public static Map<String, Long> commonHoldBacks(String step, Collection<String> topics,
                                                    List<QueryLateness> queries) {
        Map<String, Long> common = null;
        for (QueryLateness query : queries) {
            Map<String, Long> own = query.holdBacks(topics);
            if (common == null) {
                common = own;
            } else if (!common.equals(own)) {
                throw new IllegalArgumentException("the queries of " + step + " differ in how much longer some "
                        + "inputs' delays are than the others' (" + queries.get(0).query() + ": " + common + ", "
                        + query.query() + ": " + own + "): they cannot share one frontier");
            }
        }
        return common == null ? Map.of() : common;
    }
}
