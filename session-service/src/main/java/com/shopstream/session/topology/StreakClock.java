package com.shopstream.session.topology;

/** What measures a customer's quiet time for the streak timeout. */
public enum StreakClock {
    /** The watermark passes the customer's newest order time + timeout (Spark's EventTimeTimeout). */
    EVENT_TIME,
    /** The wall clock passes the customer's last arrival + timeout (Spark's ProcessingTimeTimeout). */
    WALL_CLOCK
}
