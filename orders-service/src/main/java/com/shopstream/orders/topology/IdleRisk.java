package com.shopstream.orders.topology;

import com.shopstream.common.serde.BinaryFormat;
import com.shopstream.eventtime.InputClocks;
import java.nio.ByteBuffer;
import java.util.function.LongSupplier;

/**
 * Which orders of one partition may be combined after its reader declared it idle. Behind the repartition only an
 * idle declaration lets the query's watermark pass a partition's own: it counts while the partition's end offset is
 * still the one declared (read afresh before it is leaned on), so every advance it allows was computed from reports
 * of the other partitions made before the first record at or after that offset was written, and no report holds an
 * clock beyond what some reader could have accepted then (a clock moves no further than a record's broker time plus
 * {@code future-allowance}, below the later of the wall clock and the brokers' time as read, plus
 * {@code max-future-skew}, give or take how far the instances' clocks disagree). So:
 * <ul>
 *   <li>an order below the declared end offset, read after the declaration (the reader's lag and the end offset are
 *       read apart), may be in a window already final: it crosses as itself;</li>
 *   <li>the first order at or after it sets the bound: the newest event time any reader accepts now plus a margin for
 *       clocks that disagree. Any order whose earliest window ends at or before the bound crosses as itself, from
 *       then on (the bound only grows, and is kept with the task's state);</li>
 *   <li>orders whose every window ends after the bound may be combined: no watermark can have reached them.</li>
 * </ul>
 * No Kafka Streams in here: the rules, one by one.
 */
final class IdleRisk {

    private static final byte VERSION = 1;
    private static final long NOT_DECLARED = -1;

    /** The end offset of the last idle declaration not yet followed by an order at or after it. */
    private long declaredEnd = NOT_DECLARED;
    private long bound = InputClocks.NONE;

    /**
     * The partition's reader declared it idle, having read it to {@code endOffset}.
     *
     * @return whether the state changed (so it must be stored)
     */
    boolean declared(long endOffset) {
        long end = Math.max(declaredEnd, endOffset);
        boolean changed = end != declaredEnd;
        declaredEnd = end;
        return changed;
    }

    /**
     * An order at {@code offset} is read; {@code latestAccepted} gives the newest event time a reader accepts now,
     * plus the margin for disagreeing clocks (asked only when it becomes the bound).
     *
     * @return whether the state changed (so it must be stored)
     */
    boolean read(long offset, LongSupplier latestAccepted) {
        if (declaredEnd == NOT_DECLARED || offset < declaredEnd) {
            return false;
        }
        declaredEnd = NOT_DECLARED;
        bound = Math.max(bound, latestAccepted.getAsLong());
        return true;
    }

    /** Whether an order at {@code offset} (after {@link #read}) whose earliest window ends then may be combined. */
    boolean safe(long offset, long earliestEnd) {
        if (declaredEnd != NOT_DECLARED && offset < declaredEnd) {
            return false;
        }
        return bound == InputClocks.NONE || earliestEnd > bound;
    }

    byte[] bytes() {
        return ByteBuffer.allocate(1 + 2 * Long.BYTES).put(VERSION).putLong(declaredEnd).putLong(bound).array();
    }

    static IdleRisk of(byte[] bytes) {
        IdleRisk risk = new IdleRisk();
        if (bytes != null) {
            ByteBuffer in = BinaryFormat.open(bytes, VERSION, "idle risk");
            risk.declaredEnd = in.getLong();
            risk.bound = in.getLong();
        }
        return risk;
    }
}
