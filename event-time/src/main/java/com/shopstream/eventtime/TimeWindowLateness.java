package com.shopstream.eventtime;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Tumbling ({@code advance == size}) and hopping windows aligned to the epoch, as Kafka Streams' {@code TimeWindows}
 * lays them out. A window {@code [start, end)} is final, and refuses records, when {@code watermark >= end}. A record
 * is late when every window it belongs to is final; a hopping window can refuse it while a later one counts it.
 */
public final class TimeWindowLateness implements LatenessRule {

    private final long size;
    private final long advance;

    public TimeWindowLateness(Duration size, Duration advance) {
        if (size.isZero() || size.isNegative() || advance.isZero() || advance.isNegative()) {
            throw new IllegalArgumentException("window size and advance must be positive: " + size + ", " + advance);
        }
        if (advance.compareTo(size) > 0) {
            throw new IllegalArgumentException("window advance " + advance + " is larger than its size " + size);
        }
        this.size = size.toMillis();
        this.advance = advance.toMillis();
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
        if (start + size > watermark) {
            return Refusal.NONE;
        }
        List<String> refused = new ArrayList<>(2);
        boolean anyOpen = false;
        for (; start <= eventTime; start += advance) {
            if (start + size <= watermark) {
                refused.add(Instant.ofEpochMilli(start) + "/" + Instant.ofEpochMilli(start + size));
            } else {
                anyOpen = true;
                break;
            }
        }
        return new Refusal(!anyOpen, List.copyOf(refused),
                anyOpen ? "some of its windows are final" : "every window it belongs to is final");
    }
}
