package com.shopstream.common.watermark;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One query's event-time step: its name (which also names its watermark store and processors), the watermark delay
 * (Kafka Streams' grace period), which part of a record the watermark refuses, the input topics it reads (for the
 * dead-letter figures of its progress), and whether it sends stream-time marks to a window aggregate downstream.
 */
public record WatermarkSpec(String query, Duration delay, LatenessRule rule, List<String> sourceTopics,
                            boolean streamTimeMarks, WatermarkPolicy policy) {

    public WatermarkSpec {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(policy, "policy");
        sourceTopics = List.copyOf(sourceTopics);
        if (!query.matches("[a-zA-Z0-9._-]+")) {
            throw new IllegalArgumentException("query name '" + query
                    + "' names state stores and topics: use letters, digits, '.', '_' and '-' only");
        }
        if (delay.isNegative()) {
            throw new IllegalArgumentException("the watermark delay (grace) of " + query + " is negative: " + delay);
        }
    }

    public WatermarkSpec(String query, Duration delay, LatenessRule rule, List<String> sourceTopics) {
        this(query, delay, rule, sourceTopics, false, WatermarkPolicy.MAX);
    }

    public WatermarkSpec withStreamTimeMarks() {
        return new WatermarkSpec(query, delay, rule, sourceTopics, true, policy);
    }

    /** The changelogged store of the query's per-partition newest event times. */
    public String storeName() {
        return query + "-watermark";
    }
}
