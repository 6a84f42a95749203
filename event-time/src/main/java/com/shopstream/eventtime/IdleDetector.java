package com.shopstream.eventtime;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The reader's side of idleness: a partition is idle when its reader has caught up with it (no lag) and has read
 * nothing from it for {@code idleTimeout} of wall-clock time. A reader that has just started (or taken the partition
 * over) waits a whole timeout from its first look at the partition; a lag that is not known (no fetch yet, a reader
 * that is behind) is never idle.
 */
public final class IdleDetector {

    private final long idleTimeout;
    /** Per partition, the wall-clock time of its last read (a cell each: a read per record boxes nothing). */
    private final Map<InputPartition, long[]> lastRead = new HashMap<>();
    /** The partition of the last read and its cell: a source task reads one partition, a record at a time. */
    private InputPartition lastPartition;
    private long[] lastCell;

    public IdleDetector(long idleTimeout) {
        if (idleTimeout <= 0) {
            throw new IllegalArgumentException("the idle timeout must be positive: " + idleTimeout + " ms");
        }
        this.idleTimeout = idleTimeout;
    }

    /** A record was read from {@code partition} at wall-clock time {@code now}. */
    public void read(InputPartition partition, long now) {
        if (partition != lastPartition) {
            lastCell = lastRead.computeIfAbsent(partition, p -> new long[1]);
            lastPartition = partition;
        }
        lastCell[0] = now;
    }

    /** @param lag records not yet read from the partition, when the reader knows it */
    public boolean idle(InputPartition partition, long now, OptionalLong lag) {
        // the first look counts as a read: a timeout starts from it
        long since = lastRead.computeIfAbsent(partition, p -> new long[] {now})[0];
        if (lag.isEmpty() || lag.getAsLong() > 0) {
            return false;
        }
        return now - since >= idleTimeout;
    }
}
