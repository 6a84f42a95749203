package com.shopstream.common.model;

import java.time.Instant;

/** The record keys of the contract's output topics, so upsert sinks see one key per window or session. */
public final class ResultKeys {

    private ResultKeys() {
    }

    /** {@code 2026-01-22T10:00:00Z/2026-01-22T10:05:00Z}, or {@code <group>@…} when the query is grouped. */
    public static String window(String group, Instant start, Instant end) {
        String interval = start + "/" + end;
        return group == null ? interval : group + "@" + interval;
    }

    /** {@code <customer_id>@<session_start>}. */
    public static String session(long customerId, Instant sessionStart) {
        return customerId + "@" + sessionStart;
    }
}
