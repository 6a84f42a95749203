package com.shopstream.eventtime;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Session windows: a record opens {@code [t, t + gap)}, final once {@code watermark >= t + gap}. A record whose own
 * interval is already final is too late; an older record that can still join an open session is on time.
 */
public final class SessionLateness implements LatenessRule {

    private final long gap;

    public SessionLateness(Duration gap) {
        if (gap.isZero() || gap.isNegative()) {
            throw new IllegalArgumentException("session gap must be positive: " + gap);
        }
        this.gap = gap.toMillis();
    }

    @Override
    public Refusal refusal(long eventTime, long watermark) {
        if (eventTime + gap > watermark) {
            return Refusal.NONE;
        }
        return new Refusal(true,
                List.of(Instant.ofEpochMilli(eventTime) + "/" + Instant.ofEpochMilli(eventTime + gap)),
                "its session interval is already final");
    }
}
