package com.shopstream.eventtime;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Session windows: a record opens {@code [t, t + gap)}, final once {@code watermark >= t + gap}. A record whose own
 * interval is already final is too late; an older record that can still join an open session is on time. With an
 * allowed lateness {@code L}, a record is too late only once {@code watermark >= t + gap + L}: until then it revises
 * the final sessions it touches.
 */
public final class SessionLateness implements LatenessRule {

    private final long gap;
    private final long allowedLateness;

    /** Sessions that refuse records as soon as they are final. */
    public SessionLateness(Duration gap) {
        this(gap, Duration.ZERO);
    }

    public SessionLateness(Duration gap, Duration allowedLateness) {
        if (gap.isZero() || gap.isNegative()) {
            throw new IllegalArgumentException("session gap must be positive: " + gap);
        }
        if (allowedLateness.isNegative()) {
            throw new IllegalArgumentException("allowed lateness must not be negative: " + allowedLateness);
        }
        this.gap = gap.toMillis();
        this.allowedLateness = allowedLateness.toMillis();
    }

    @Override
    public Refusal refusal(long eventTime, long watermark) {
        if (watermark == InputClocks.NONE || eventTime + gap + allowedLateness > watermark) {
            return Refusal.NONE;
        }
        return new Refusal(true,
                List.of(Instant.ofEpochMilli(eventTime) + "/" + Instant.ofEpochMilli(eventTime + gap)),
                allowedLateness == 0 ? "its session interval is already final"
                        : "its session interval is past its allowed lateness");
    }
}
