package com.shopstream.common.progress;

import com.shopstream.eventtime.InputClocks.PartitionState;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.DelayAdvice;
import com.shopstream.eventtime.FinalsShift;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.OutOfOrderWindow;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Live counters of one event-time query, written by stream threads and read by reports and meters. Cumulative
 * counters never reset (reports take differences), so nothing recorded between two reports is lost.
 *
 * <p>Clocks come from two sides: the source steps of this instance publish the partitions they read (newest event
 * time, idle or not); the frontier trackers (and local source steps) publish the query's frontier per task, and the
 * trackers their view of every input partition, including the ones read elsewhere or still awaited.
 */
public final class QueryProgress {

    private static final long NONE = Long.MIN_VALUE;

    private final String name;
    private final Duration delay;
    private final Map<String, Duration> inputDelays;
    private final Set<String> sourceTopics = new CopyOnWriteArraySet<>();
    private final LongAdder inputRows = new LongAdder();
    private final Map<LateCause, LongAdder> lateRows = new EnumMap<>(LateCause.class);
    private final LongAdder refusedWindows = new LongAdder();
    private final LongAdder duplicates = new LongAdder();
    private final LongAdder revisedFinals = new LongAdder();
    private final Map<LookupNote, LongAdder> lookupNotes = new EnumMap<>(LookupNote.class);
    private final LongAccumulator intervalMin = new LongAccumulator(Math::min, Long.MAX_VALUE);
    private final LongAccumulator intervalMax = new LongAccumulator(Math::max, Long.MIN_VALUE);
    private final LongAdder intervalOffsetSum = new LongAdder();
    private final AtomicLong offsetBase = new AtomicLong(NONE);
    private final Map<String, Long> frontierByTask = new ConcurrentHashMap<>();
    private final Map<InputPartition, PartitionState> readHere = new ConcurrentHashMap<>();
    private final Map<String, Map<InputPartition, PartitionState>> seenByTask = new ConcurrentHashMap<>();
    /** Per input: its partitions' figures, and the delays they watch (to add up nothing yet). */
    private final Map<String, Map<InputPartition, OutOfOrderWindow>> outOfOrder = new ConcurrentHashMap<>();
    private final Map<String, List<Duration>> watchedDelays = new ConcurrentHashMap<>();
    /** The last sum per input: a scrape reads five meters of it, and a report needs no fresher than a second. */
    private final Map<String, CachedSnapshot> lastSnapshots = new ConcurrentHashMap<>();

    QueryProgress(String name, Duration delay, Map<String, Duration> inputDelays) {
        this.name = name;
        this.delay = delay;
        this.inputDelays = Map.copyOf(inputDelays);
        for (LateCause cause : LateCause.values()) {
            lateRows.put(cause, new LongAdder());
        }
        for (LookupNote note : LookupNote.values()) {
            lookupNotes.put(note, new LongAdder());
        }
    }

    public String name() {
        return name;
    }

    public Duration delay() {
        return delay;
    }

    /** The inputs whose delay is longer than the query's, with theirs. */
    public Map<String, Duration> inputDelays() {
        return inputDelays;
    }

    /** The delay of an input: its own, or the query's. */
    public Duration delayOf(String topic) {
        return inputDelays.getOrDefault(topic, delay);
    }

    /** The input topics of the query (for its dead-letter figures). */
    public List<String> sourceTopics() {
        return List.copyOf(new java.util.TreeSet<>(sourceTopics));
    }

    void addSourceTopics(List<String> topics) {
        sourceTopics.addAll(topics);
    }

    /**
     * The out-of-orderness figures of one input partition ({@link ProgressRegistry#outOfOrder}).
     *
     * @param watched the delays the partition's figures watch
     * @return whether the query had none for its input yet
     */
    boolean attachOutOfOrder(InputPartition partition, OutOfOrderWindow window, List<Duration> watched) {
        watchedDelays.putIfAbsent(partition.topic(), List.copyOf(watched));
        Map<InputPartition, OutOfOrderWindow> partitions = new ConcurrentHashMap<>();
        Map<InputPartition, OutOfOrderWindow> existing = outOfOrder.putIfAbsent(partition.topic(), partitions);
        (existing == null ? partitions : existing).put(partition, window);
        return existing == null;
    }

    /** The inputs the query has out-of-orderness figures for, sorted. */
    public List<String> outOfOrderInputs() {
        return List.copyOf(new java.util.TreeSet<>(outOfOrder.keySet()));
    }

    /** The figures of one input (all its partitions read here) over the horizon before wall-clock {@code now}. */
    public OutOfOrderWindow.Snapshot outOfOrder(String topic, long now) {
        Map<InputPartition, OutOfOrderWindow> partitions = outOfOrder.get(topic);
        if (partitions == null) {
            throw new IllegalArgumentException(name + " has no out-of-orderness figures for " + topic);
        }
        CachedSnapshot cached = lastSnapshots.get(topic);
        if (cached != null && now >= cached.at() && now - cached.at() < 1_000) {
            return cached.snapshot();
        }
        OutOfOrderWindow.Snapshot sum = OutOfOrderWindow.Snapshot.empty(watchedDelays.get(topic));
        for (OutOfOrderWindow window : partitions.values()) {
            sum = sum.plus(window.snapshot(now));
        }
        lastSnapshots.put(topic, new CachedSnapshot(now, sum));
        return sum;
    }

    /**
     * What the figures of one input say about its delay, against the delay it has now; what a choice costs is read
     * at the partitions' clocks as this instance knows them ({@link FinalsShift}).
     */
    public DelayAdvice delayAdvice(String topic, long now) {
        Map<InputPartition, Long> clocks = new java.util.HashMap<>();
        partitions().forEach((partition, state) -> clocks.put(partition, state.newest()));
        return DelayAdvice.of(outOfOrder(topic, now), delayOf(topic),
                delay -> FinalsShift.of(clocks, this::delayOf, topic, delay));
    }

    private record CachedSnapshot(long at, OutOfOrderWindow.Snapshot snapshot) {
    }

    /** A record reached the query's source step (on time or not). */
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
    public void late(LateCause cause, int windows) {
        lateRows.get(cause).increment();
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

    /** A final row written again with an allowed lateness: revision 2 or later of a window's or session's. */
    public void revisedFinal() {
        revisedFinals.increment();
    }

    public long revisedFinals() {
        return revisedFinals.sum();
    }

    /** A lookup by event time noted {@code note} (see {@link LookupNote}). */
    public void lookupNote(LookupNote note) {
        lookupNotes.get(note).increment();
    }

    public long lookupNotes(LookupNote note) {
        return lookupNotes.get(note).sum();
    }

    /** A source step of this instance reads {@code partition}: its clock and whether it finds it idle. */
    public void partitionClock(InputPartition partition, long newest, boolean idle) {
        readHere.put(partition, new PartitionState(newest, idle ? PartitionState.Status.IDLE
                : newest == NONE ? PartitionState.Status.AWAITED : PartitionState.Status.ACTIVE));
    }

    /** This instance no longer reads {@code partition}. */
    public void partitionClosed(InputPartition partition) {
        readHere.remove(partition);
    }

    /** What a task behind a repartition knows of every input partition. */
    public void partitionStates(String taskId, Map<InputPartition, PartitionState> states) {
        seenByTask.put(taskId, Map.copyOf(states));
    }

    /** The query's frontier as a task has it: that task's operators have made final what is behind it − delay. */
    public void frontier(String taskId, long frontier) {
        frontierByTask.put(taskId, frontier);
    }

    /** The task moved away or stopped: its figures are no longer this instance's to report. */
    public void taskClosed(String taskId) {
        frontierByTask.remove(taskId);
        seenByTask.remove(taskId);
    }

    public long inputRows() {
        return inputRows.sum();
    }

    public long lateRows() {
        return lateRows.values().stream().mapToLong(LongAdder::sum).sum();
    }

    public long lateRows(LateCause cause) {
        return lateRows.get(cause).sum();
    }

    public long refusedWindows() {
        return refusedWindows.sum();
    }

    public long duplicates() {
        return duplicates.sum();
    }

    /** Newest event time of any input partition this instance knows of, or empty before any. */
    public OptionalLong newestEventTime() {
        return partitions().values().stream().mapToLong(PartitionState::newest).filter(t -> t != NONE).max();
    }

    /**
     * The query's watermark on this instance: the lowest frontier of its tasks, minus the delay — what every local
     * operator of the query has made final. Empty while no task has a frontier.
     */
    public OptionalLong watermark() {
        return frontierByTask.values().stream().mapToLong(f -> f - delay.toMillis()).min();
    }

    /** The query's watermark per local task. */
    public Map<String, Long> watermarkByTask() {
        Map<String, Long> out = new TreeMap<>();
        frontierByTask.forEach((task, frontier) -> out.put(task, frontier - delay.toMillis()));
        return out;
    }

    /**
     * Every input partition this instance knows of: the ones it reads as their reader has them, the others as the
     * freshest tracker has them.
     */
    public Map<InputPartition, PartitionState> partitions() {
        Map<InputPartition, PartitionState> out = new TreeMap<>();
        for (Map<InputPartition, PartitionState> seen : seenByTask.values()) {
            seen.forEach((partition, state) -> out.merge(partition, state,
                    (a, b) -> a.newest() >= b.newest() ? a : b));
        }
        out.putAll(readHere);
        return out;
    }

    /** The partitions a source step of this instance reads. */
    public java.util.Set<InputPartition> partitionsReadHere() {
        return java.util.Set.copyOf(readHere.keySet());
    }

    /** A partition's watermark: its clock minus its input's delay; {@link InputClocks#NONE} before any record. */
    public long watermarkOf(InputPartition partition, PartitionState state) {
        return state.newest() == NONE ? NONE : state.newest() - delayOf(partition.topic()).toMillis();
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
