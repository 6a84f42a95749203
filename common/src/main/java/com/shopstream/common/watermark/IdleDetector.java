package com.shopstream.common.watermark;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The reader's side of idleness: a partition is idle when its reader has caught up with it (no lag) and has read
 * nothing from it for {@code idleTimeout} of wall-clock time. A reader that has just started (or taken the partition
 * over) waits a whole timeout first; a lag that is not known (no fetch yet, a reader that is behind) is never idle.
 */
public final class IdleDetector {

    private final long idleTimeout;
    private final long startedAt;
    private final Map<InputPartition, Long> lastRead = new HashMap<>();

    /** @param startedAt wall-clock time the reader started reading (ms) */
    public IdleDetector(long idleTimeout, long startedAt) {
        if (idleTimeout <= 0) {
            throw new IllegalArgumentException("the idle timeout must be positive: " + idleTimeout + " ms");
        }
        this.idleTimeout = idleTimeout;
        this.startedAt = startedAt;
    }

    /** A record was read from {@code partition} at wall-clock time {@code now}. */
    public void read(InputPartition partition, long now) {
        lastRead.put(partition, now);
    }

    /** @param lag records not yet read from the partition, when the reader knows it */
    public boolean idle(InputPartition partition, long now, OptionalLong lag) {
        if (lag.isEmpty() || lag.getAsLong() > 0) {
            return false;
        }
        return now - lastRead.getOrDefault(partition, startedAt) >= idleTimeout;
    }
}
