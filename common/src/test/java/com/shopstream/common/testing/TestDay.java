package com.shopstream.common.testing;

import com.shopstream.eventtime.InputClocks;
import java.time.Instant;

/** The day the event-time tests happen on, 2026-01-22 (UTC), so that a test reads its times as "10:01:00". */
public final class TestDay {

    private TestDay() {
    }

    /** {@code time} ("HH:mm:ss", or with a fraction) of the test day in epoch milliseconds; "none": no clock yet. */
    public static long ms(String time) {
        return time.equals("none") ? InputClocks.NONE : Instant.parse("2026-01-22T" + time + "Z").toEpochMilli();
    }
}
