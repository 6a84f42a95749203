package com.shopstream.session.topology;

import java.math.BigDecimal;

/**
 * A session still in the store: its first and last order times (epoch ms), how many orders and their total. Its
 * interval is {@code [first, last + gap)}, as Spark's {@code session_window}. With an allowed lateness a session is
 * kept after it is final: {@code revision} is the revision of the last final row written for it or for a session it
 * absorbed (0: none), {@code finalWritten} whether its final row holds what it holds now, and {@code finalUnderKey}
 * whether a final row was written under its key ({@code first}), which a merge under another key must tombstone.
 */
record OpenSession(long first, long last, long orders, BigDecimal total, int revision, boolean finalWritten,
                   boolean finalUnderKey) {

    OpenSession(long first, long last, long orders, BigDecimal total) {
        this(first, last, orders, total, 0, false, false);
    }

    static OpenSession of(long orderTs, BigDecimal amount) {
        return new OpenSession(orderTs, orderTs, 1, amount);
    }

    long end(long gap) {
        return last + gap;
    }

    /** An order's own interval {@code [t, t + gap)} overlaps or touches this session's. */
    boolean takes(long orderTs, long gap) {
        return orderTs <= last + gap && first <= orderTs + gap;
    }

    /** The two as one session, whose final row (the next revision of theirs) is still to be written. */
    OpenSession merge(OpenSession other) {
        long start = Math.min(first, other.first);
        boolean keyed = (first == start && finalUnderKey) || (other.first == start && other.finalUnderKey);
        return new OpenSession(start, Math.max(last, other.last), orders + other.orders, total.add(other.total),
                Math.max(revision, other.revision), false, keyed);
    }

    /** This session once its final row, the next revision, is written. */
    OpenSession finalised() {
        return new OpenSession(first, last, orders, total, revision + 1, true, true);
    }
}
