package com.shopstream.orders.topology;

import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.TimeWindowLateness;
import java.math.BigInteger;
import java.util.List;

/**
 * How the window queries that share a repartition cut event time into <em>slices</em> (Flink's window slicing): a
 * slice is the largest span that divides the size and the advance of every one of them, so each window is a run of
 * whole slices, and every event time in one slice belongs to the same windows of every query. Orders can then be
 * combined per group and slice before the repartition, and the sum of a slice added to each of its windows behind it.
 * No Kafka Streams in here: the rules, one by one.
 *
 * <ul>
 *   <li>An order may be combined only when its own partition's watermark (its clock before it, minus each query's
 *       delay) had closed none of its windows, for any query: an order some window refused must cross as itself,
 *       since the windows behind count it in the others only.</li>
 *   <li>A slice must cross the repartition before its partition's clock reaches {@link #dueAt}: from that clock on,
 *       the query's watermark may make one of its windows final (behind the repartition, no watermark is ahead of a
 *       partition that is not idle).</li>
 *   <li>Orders near the epoch (earlier than the longest window) are never combined: their windows are cut at 0.</li>
 * </ul>
 */
final class WindowSlices {

    private final long slice;
    private final long longest;
    private final long[] sizes;
    private final long[] advances;
    private final long[] delays;
    private final TimeWindowLateness[] windows;
    /** The slice {@link #dueAt} and {@link #earliestEnd} were last asked about, and their answers. */
    private long lastStart = InputClocks.NONE;
    private long lastDue;
    private long lastEarliestEnd;

    private WindowSlices(List<WindowQuery> queries) {
        if (queries.isEmpty()) {
            throw new IllegalArgumentException("slices need at least one window query");
        }
        BigInteger gcd = BigInteger.ZERO;
        long max = 0;
        sizes = new long[queries.size()];
        advances = new long[queries.size()];
        delays = new long[queries.size()];
        windows = new TimeWindowLateness[queries.size()];
        for (int i = 0; i < queries.size(); i++) {
            WindowQuery query = queries.get(i);
            sizes[i] = query.size().toMillis();
            advances[i] = query.advance().toMillis();
            delays[i] = query.grace().toMillis();
            windows[i] = new TimeWindowLateness(query.size(), query.advance());
            gcd = gcd.gcd(BigInteger.valueOf(sizes[i])).gcd(BigInteger.valueOf(advances[i]));
            max = Math.max(max, sizes[i]);
        }
        this.slice = gcd.longValueExact();
        this.longest = max;
    }

    /** The slices of the queries that share one repartition. */
    static WindowSlices of(List<WindowQuery> queries) {
        return new WindowSlices(queries);
    }

    /** The slice's length (ms). */
    long length() {
        return slice;
    }

    /** The start of the slice that holds {@code eventTime}. */
    long start(long eventTime) {
        return Math.floorDiv(eventTime, slice) * slice;
    }

    /**
     * Whether an order of this event time, read when its partition's clock was {@code newestBefore}, counts in every
     * one of its windows, for every query: only then may it be combined.
     */
    boolean countsEverywhere(long eventTime, long newestBefore) {
        if (eventTime < longest) {
            return false;
        }
        return newestBefore == InputClocks.NONE || newestBefore < dueAt(start(eventTime));
    }

    /**
     * Whether a partition clock that moves from {@code newestBefore} to {@code newestAfter} takes a query's
     * watermark across the end of one of its windows: a window may become final with it (once the other partitions
     * follow). The order that moves it so crosses as itself, carrying the clock, so that windows close as soon as an
     * order moves the watermark, as they did before orders were combined.
     */
    boolean mayClose(long newestBefore, long newestAfter) {
        if (newestAfter == newestBefore) {
            return false;
        }
        if (newestBefore == InputClocks.NONE) {
            return true;
        }
        for (int i = 0; i < sizes.length; i++) {
            // window ends are size + k * advance: how many lie at or below each watermark
            long advance = advances[i];
            if (Math.floorDiv(newestAfter - delays[i] - sizes[i], advance)
                    > Math.floorDiv(newestBefore - delays[i] - sizes[i], advance)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The partition clock from which a window holding the slice that starts at {@code sliceStart} may be final: the
     * least, over the queries, of the end of its first window holding the slice plus its delay. The slice's partial
     * must have crossed the repartition before the partition's report of such a clock, and an order of this slice
     * read at such a clock is refused somewhere.
     */
    long dueAt(long sliceStart) {
        answer(sliceStart);
        return lastDue;
    }

    /** The earliest end of the windows (of every query) that hold the slice starting at {@code sliceStart}. */
    long earliestEnd(long sliceStart) {
        answer(sliceStart);
        return lastEarliestEnd;
    }

    private void answer(long sliceStart) {
        if (sliceStart == lastStart) {
            return;
        }
        long due = Long.MAX_VALUE;
        long earliest = Long.MAX_VALUE;
        for (int i = 0; i < sizes.length; i++) {
            // every event time of the slice has the windows its start has (the slice divides size and advance)
            long end = windows[i].firstStart(sliceStart) + sizes[i];
            earliest = Math.min(earliest, end);
            due = Math.min(due, end + delays[i]);
        }
        lastStart = sliceStart;
        lastDue = due;
        lastEarliestEnd = earliest;
    }
}
