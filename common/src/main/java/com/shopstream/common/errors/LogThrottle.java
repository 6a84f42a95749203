package com.shopstream.common.errors;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Lets one log line through per interval, so that a flood of bad input cannot flood the logs, and counts the lines it
 * held back so that the next one can say how many there were (metrics count every one anyway).
 */
final class LogThrottle {

    /** What {@link #pass()} answers when the line is to be held back. */
    static final long HELD = -1;

    private final long intervalMs;
    private final LongSupplier clock;
    // the earliest time the next line may pass; compared, never subtracted from, so no start value can overflow
    private final AtomicLong nextPass = new AtomicLong(Long.MIN_VALUE);
    private final AtomicLong held = new AtomicLong();

    LogThrottle(long intervalMs, LongSupplier clock) {
        if (intervalMs <= 0) {
            throw new IllegalArgumentException("the interval must be positive: " + intervalMs);
        }
        this.intervalMs = intervalMs;
        this.clock = clock;
    }

    /** @return {@link #HELD}, or the number of lines held back since the last one that passed */
    long pass() {
        long now = clock.getAsLong();
        long next = nextPass.get();
        if (now >= next && nextPass.compareAndSet(next, now + intervalMs)) {
            return held.getAndSet(0);
        }
        held.incrementAndGet();
        return HELD;
    }
}
