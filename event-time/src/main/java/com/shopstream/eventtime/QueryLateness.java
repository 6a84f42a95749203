package com.shopstream.eventtime;

import java.time.Duration;
import java.util.Objects;

/**
 * One query as its source step sees it: its name (for the late headers and its progress), its watermark delay
 * (Kafka Streams' grace), and what of a record its watermark refuses.
 */
public record QueryLateness(String query, Duration delay, LatenessRule rule) {

    public QueryLateness {
        Objects.requireNonNull(query, "query");
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(rule, "rule");
        if (!query.matches("[a-zA-Z0-9._-]+")) {
            throw new IllegalArgumentException("query name '" + query
                    + "' names state stores and topics: use letters, digits, '.', '_' and '-' only");
        }
        if (delay.isNegative()) {
            throw new IllegalArgumentException("the watermark delay (grace) of " + query + " is negative: " + delay);
        }
    }

    /** The query's watermark for a clock (a partition's newest event time, or the query's frontier). */
    public long watermark(long clock) {
        return clock == InputClocks.NONE ? InputClocks.NONE : clock - delay.toMillis();
    }
}
