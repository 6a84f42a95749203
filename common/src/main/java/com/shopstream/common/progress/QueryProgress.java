package com.shopstream.common.progress;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters of one event-time query, written by stream threads and read by reports and meters. Cumulative
 * counters never reset (reports take differences), so nothing recorded between two reports is lost.
 */
public final class QueryProgress {

    private static final long NONE = Long.MIN_VALUE;

    private final String name;
    private final Duration delay;
    private final List<String> sourceTopics;
    private final LongAdder inputRows = new LongAdder();
    private final LongAdder lateRows = new LongAdder();
    private final LongAdder refusedWindows = new LongAdder();
    private final LongAdder duplicates = new LongAdder();
    private final LongAccumulator intervalMin = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator intervalMax = new LongAccumulator(Math::max, Long.MIN_VALUE);
    private final LongAdder intervalOffsetSum = new LongAdder();
    private final AtomicLong offsetBase = new AtomicLong(NONE);
    private final Map<String, Long> newestByTask = new ConcurrentHashMap<>();

    QueryProgress(String name, Duration delay, List<String> sourceTopics) {
        this.name = name;
        this.delay = delay;
        this.sourceTopics = List.copyOf(sourceTopics);
    }

    public String name() {
        return name;
    }

    public Duration delay() {
        return delay;
    }

    public List<String> sourceTopics() {
        return sourceTopics;
    }

    /** A record reached the query's event-time step (on time or not). */
    public void input(long eventTime) {
        inputRows.increment();
        intervalMin.accumulate(eventTime);
        intervalMax.accumulate(eventTime);
        // offsets from the first event time seen keep the sum far from overflow
        long base = offsetBase.get();
        if (base == NONE) {
            offsetBase.compareAndSet(NONE, eventTime);
            base = offsetBase.get();
        }
        intervalOffsetSum.add(eventTime - base);
    }

    /** A record refused by every window it belongs to: it went to the late topic, not into the query. */
    public void late(int windows) {
        lateRows.increment();
        refusedWindows.add(windows);
    }

    /** A record refused by some of its windows (hopping) and counted in the others. */
    public void partlyLate(int windows) {
        refusedWindows.add(windows);
    }

    /** A record the query dropped as a duplicate of one it has already passed on. */
    public void duplicate() {
        duplicates.increment();
    }

    /** The newest event time a task has seen; the task's watermark is this minus the delay. */
    public void taskEventTime(String taskId, long newestEventTime) {
        newestByTask.put(taskId, newestEventTime);
    }

    /** The task moved away or stopped: its watermark is no longer this instance's to report. */
    public void taskClosed(String taskId) {
        newestByTask.remove(taskId);
    }

    public long inputRows() {
        return inputRows.sum();
    }

    public long lateRows() {
        return lateRows.sum();
    }

    public long refusedWindows() {
        return refusedWindows.sum();
    }

    public long duplicates() {
        return duplicates.sum();
    }

    /** Newest event time over the local tasks, or empty before any record. */
    public java.util.OptionalLong newestEventTime() {
        return newestByTask.values().stream().mapToLong(Long::longValue).max();
    }

    /**
     * The query's watermark on this instance: the lowest of its tasks' watermarks, i.e. the point up to which every
     * local window is final.
     */
    public java.util.OptionalLong watermark() {
        return newestByTask.values().stream().mapToLong(newest -> newest - delay.toMillis()).min();
    }

    Map<String, Long> watermarkByTask() {
        Map<String, Long> out = new java.util.TreeMap<>();
        newestByTask.forEach((task, newest) -> out.put(task, newest - delay.toMillis()));
        return out;
    }

    /** Event-time statistics of the rows since the previous call; resets them. */
    IntervalEventTimes drainInterval(long rows) {
        long min = intervalMin.getThenReset();
        long max = intervalMax.getThenReset();
        long offsetSum = intervalOffsetSum.sumThenReset();
        if (rows <= 0 || min == Long.MAX_VALUE) {
            return IntervalEventTimes.EMPTY;
        }
        return new IntervalEventTimes(min, max, offsetBase.get() + offsetSum / rows);
    }

    record IntervalEventTimes(long min, long max, long avg) {
        static final IntervalEventTimes EMPTY = new IntervalEventTimes(NONE, NONE, NONE);

        boolean isEmpty() {
            return min == NONE;
        }
    }
}
