package com.shopstream.eventtime;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Tumbling ({@code advance == size}) and hopping windows aligned to the epoch, as Kafka Streams' {@code TimeWindows}
 * lays them out. A window {@code [start, end)} is final when {@code watermark >= end}; it refuses records when
 * {@code watermark >= end + allowedLateness} (Flink's allowed lateness: until then a record revises its final result).
 * With no allowed lateness the two are one: a final window refuses records. A record is late when every window it
 * belongs to refuses it; a hopping window can refuse it while a later one counts it.
 */
public final class TimeWindowLateness implements LatenessRule {

    private final long size;
    private final long advance;
    private final long allowedLateness;

    /** Windows that refuse records as soon as they are final. */
    public TimeWindowLateness(Duration size, Duration advance) {
        this(size, advance, Duration.ZERO);
    }

    public TimeWindowLateness(Duration size, Duration advance, Duration allowedLateness) {
        if (size.isZero() || size.isNegative() || advance.isZero() || advance.isNegative()) {
            throw new IllegalArgumentException("window size and advance must be positive: " + size + ", " + advance);
        }
        if (advance.compareTo(size) > 0) {
            throw new IllegalArgumentException("window advance " + advance + " is larger than its size " + size);
        }
        if (allowedLateness.isNegative()) {
            throw new IllegalArgumentException("allowed lateness must not be negative: " + allowedLateness);
        }
        this.size = size.toMillis();
        this.advance = advance.toMillis();
        this.allowedLateness = allowedLateness.toMillis();
    }

    /** How long after its end a final window still takes records, revising its result (ms). */
    public long allowedLateness() {
        return allowedLateness;
    }

    /** Whether the window starting at {@code start} refuses records at this watermark. */
    public boolean refuses(long start, long watermark) {
        return watermark != InputClocks.NONE && start + size + allowedLateness <= watermark;
    }

    /** The start of the oldest window of {@code eventTime}; the others follow every {@code advance}. */
    public long firstStart(long eventTime) {
        // the same window starts as TimeWindows#windowsFor, oldest first
        return Math.max(0, eventTime - size + advance) / advance * advance;
    }

    @Override
    public Refusal refusal(long eventTime, long watermark) {
        // the closed windows are a prefix
        long start = firstStart(eventTime);
        if (!refuses(start, watermark)) {
            return Refusal.NONE;
        }
        List<String> refused = new ArrayList<>(2);
        boolean anyOpen = false;
        for (; start <= eventTime; start += advance) {
            if (refuses(start, watermark)) {
                refused.add(Instant.ofEpochMilli(start) + "/" + Instant.ofEpochMilli(start + size));
            } else {
                anyOpen = true;
                break;
            }
        }
        return new Refusal(!anyOpen, List.copyOf(refused),
                allowedLateness == 0
                ? (anyOpen ? "some of its windows are final" : "every window it belongs to is final")
                : (anyOpen ? "some of its windows are past their allowed lateness"
                        : "every window it belongs to is past its allowed lateness"));
    }
}
