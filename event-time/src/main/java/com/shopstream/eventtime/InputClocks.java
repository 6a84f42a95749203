package com.shopstream.eventtime;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The event-time clock of every input partition of a query, and the query's <em>frontier</em>: the oldest of the
 * partitions' newest event times. A query's watermark is its frontier minus its delay, so one table serves every
 * query that reads the same inputs, whatever their delays. An input whose delay is longer than the query's by some
 * amount (a delay per input, {@link QueryLateness#holdBack}) has its partitions' clocks held back by that amount
 * before they count for the frontier. No Kafka Streams in here: the rules, one by one.
 *
 * <ul>
 *   <li>A partition's clock is the newest event time read from it; it never goes down.</li>
 *   <li>The frontier is the minimum over every expected partition. It <b>holds</b> (stays where it is) while an
 *       expected partition has no clock yet, or while the partition count of an input topic is not known.</li>
 *   <li>An <b>idle</b> partition (declared so by its reader) does not hold the frontier back until its next record;
 *       when every expected partition is idle, the newest of their clocks counts.</li>
 *   <li>An idle declaration that arrived through a report names the partition's end offset the reader had read up
 *       to. It counts only while the partition's end offset (as the cluster says now) is still that one: a record
 *       written since — whether its reader is reading it, or down and never will — makes the partition hold the
 *       frontier again, so windows do not close over records no reader has read yet. The end offsets are read in the
 *       background: the part of an advance that leans on such a declaration waits for end offsets read after it was
 *       wanted ({@link IdleAdvanceGate}), so a record written just before the ones that move the frontier is seen.</li>
 *   <li>The frontier never goes down. When a topic gets more partitions, the new ones are awaited: the frontier holds
 *       until they report.</li>
 * </ul>
 *
 * <p>Expected partitions are either given (the partitions of one task, see {@link #ofPartitions}) or every partition
 * of each input topic, counts learned from the readers' reports ({@link #ofTopics}).
 */
public final class InputClocks {

    /** No event time: a partition that has read nothing, or a frontier that still holds at the start. */
    public static final long NONE = Long.MIN_VALUE;

    /** The end offset of a declaration that holds whatever the partition's end: the table's owner reads it. */
    private static final long OWNER = Long.MAX_VALUE;

    private final Set<String> topics;
    private final Set<InputPartition> fixedPartitions;
    /** Milliseconds each input's partitions count behind their clocks for the frontier; absent: none. */
    private final Map<String, Long> holdBacks;
    private final Map<String, Integer> partitionCounts = new HashMap<>();
    private final Map<InputPartition, Clock> clocks = new HashMap<>();
    private long frontier = NONE;
    private final IdleAdvanceGate gate = new IdleAdvanceGate();
    /** Counts changes of any partition's idle declaration: the gate is good only for the declarations it saw. */
    private long declarations;
    private long gateDeclarations;
    /** Set by {@link #candidate}: whether it counted a partition idle on its reader's report. */
    private boolean leanedOnReports;
    /** The expected partitions, rebuilt when a partition count changes: the frontier is computed on every record. */
    private List<InputPartition> expected;
    /**
     * The partition last looked up and its clock: a source task asks for its one partition's clock a few times per
     * record, with the same instance, and the map's lookups showed in the stream thread's JFR profile.
     * A clock is never replaced or removed, so the pair stays right.
     */
    private InputPartition lastPartition;
    private Clock lastClock;

    private InputClocks(Set<String> topics, Set<InputPartition> fixedPartitions, Map<String, Long> holdBacks) {
        this.topics = topics;
        this.fixedPartitions = fixedPartitions;
        holdBacks.forEach((topic, holdBack) -> {
            if (holdBack < 0) {
                throw new IllegalArgumentException("the clocks of " + topic + " cannot be held back by a negative "
                        + "amount: " + holdBack + " ms");
            }
        });
        this.holdBacks = Map.copyOf(holdBacks);
    }

    /** A table whose expected partitions are exactly these (a task's own input partitions, which it reads). */
    public static InputClocks ofPartitions(Collection<InputPartition> partitions) {
        return ofPartitions(partitions, Map.of());
    }

    /**
     * The same, with the partitions of some inputs held back for the frontier ({@link QueryLateness#holdBacks}).
     */
    public static InputClocks ofPartitions(Collection<InputPartition> partitions, Map<String, Long> holdBacks) {
        if (partitions.isEmpty()) {
            throw new IllegalArgumentException("a query reads at least one input partition");
        }
        InputClocks table = new InputClocks(Set.of(), Set.copyOf(partitions), holdBacks);
        // keyed by the caller's own instances: a reader that looks its partition up with them finds it by identity
        partitions.forEach(table::clock);
        return table;
    }

    /** A table that expects every partition of each topic; partition counts come with the readers' reports. */
    public static InputClocks ofTopics(Collection<String> topics) {
        return ofTopics(topics, Map.of());
    }

    /** The same, with the partitions of some inputs held back for the frontier ({@link QueryLateness#holdBacks}). */
    public static InputClocks ofTopics(Collection<String> topics, Map<String, Long> holdBacks) {
        if (topics.isEmpty()) {
            throw new IllegalArgumentException("a query reads at least one input topic");
        }
        return new InputClocks(Set.copyOf(topics), null, holdBacks);
    }

    /**
     * A record was read from {@code partition} with this event time: its clock moves up to it, and a partition that
     * was idle is not any more.
     *
     * @return whether the partition's state changed (so it is worth persisting)
     */
    public boolean observe(InputPartition partition, long eventTime) {
        Clock clock = clock(partition);
        boolean changed = eventTime > clock.newest || clock.idle;
        if (clock.idle) {
            declarations++;
        }
        clock.newest = Math.max(clock.newest, eventTime);
        clock.idle = false;
        return changed;
    }

    /**
     * A reader's report about its partition: how many partitions its topic has, the partition's newest event time,
     * and whether the reader finds it idle, having read it up to {@code endOffset}.
     *
     * @return whether anything changed
     */
    public boolean report(InputPartition partition, int partitionCount, long newest, boolean idle, long endOffset) {
        boolean changed = count(partition.topic(), partitionCount);
        Clock clock = clock(partition);
        if (newest > clock.newest) {
            clock.newest = newest;
            changed = true;
        }
        long idleEnd = idle ? endOffset : NONE;
        if (clock.idle != idle || clock.idleEnd != idleEnd) {
            changed = true;
            declarations++;
        }
        clock.idle = idle;
        clock.idleEnd = idleEnd;
        return changed;
    }

    /**
     * How many partitions {@code topic} has, as a reader says ({@code 0}: it does not know).
     *
     * @return whether the count changed
     */
    public boolean count(String topic, int partitionCount) {
        if (partitionCount <= 0 || Objects.equals(partitionCounts.get(topic), partitionCount)) {
            return false;
        }
        partitionCounts.put(topic, partitionCount);
        expected = null;
        return true;
    }

    /** The table's owner reads the partition itself and finds it idle, or not: no end offset to check. */
    public boolean idle(InputPartition partition, boolean idle) {
        Clock clock = clock(partition);
        boolean changed = clock.idle != idle;
        if (changed) {
            declarations++;
        }
        clock.idle = idle;
        clock.idleEnd = idle ? OWNER : NONE;
        return changed;
    }

    /**
     * Moves the frontier as far as the rules allow, given the partitions' end offsets now, and returns it: never
     * lower than before, {@link #NONE} while it has never moved.
     */
    public long advance(EndOffsets ends) {
        // before the offsets themselves: offsets from a newer read than this number only err on the safe side
        long answered = ends.answered();
        if (gateDeclarations != declarations) {
            // what waited, or was released, leaned on declarations that are not the ones now
            gate.reset();
            gateDeclarations = declarations;
        }
        long reach = candidate(ends, true);
        if (leanedOnReports && reach != NONE && reach > frontier) {
            long held = candidate(ends, false);   // as far as it may go with reported idle partitions holding
            if (reach > held) {
                gate.want(ends.begun(), reach);
                reach = Math.max(held, Math.min(reach, gate.releasedBy(answered)));
            }
        } else if (gate.waiting()) {
            gate.releasedBy(answered);   // what an answer has released stays released; the rest waits on
        }
        if (reach != NONE && reach > frontier) {
            frontier = reach;
        }
        gate.reached(frontier);
        return frontier;
    }

    /**
     * Whether part of an advance waits for a fresher read of the end offsets: {@link #advance} again, once one has
     * answered, even if no record comes.
     */
    public boolean waitsForEndOffsets() {
        return gate.waiting();
    }

    /** The frontier as last advanced. */
    public long frontier() {
        return frontier;
    }

    /** The newest event time read from {@code partition}, {@link #NONE} before any. */
    public long newest(InputPartition partition) {
        if (partition == lastPartition) {
            return lastClock.newest;
        }
        Clock clock = clocks.get(partition);
        if (clock == null) {
            return NONE;
        }
        lastPartition = partition;
        lastClock = clock;
        return clock.newest;
    }

    /** The newest event time of any partition: how far the freshest input has come. */
    public long newestOfAll() {
        long newest = NONE;
        for (Clock clock : clocks.values()) {
            newest = Math.max(newest, clock.newest);
        }
        return newest;
    }

    /** What each expected partition is, given its end offset now; sorted; partitions of uncounted topics left out. */
    public Map<InputPartition, PartitionState> states(EndOffsets ends) {
        Map<InputPartition, PartitionState> states = new TreeMap<>();
        for (InputPartition partition : expected()) {
            Clock clock = clocks.get(partition);
            long newest = clock == null ? NONE : clock.newest;
            PartitionState.Status status = isIdle(partition, clock, ends) ? PartitionState.Status.IDLE
                    : newest == NONE ? PartitionState.Status.AWAITED : PartitionState.Status.ACTIVE;
            states.put(partition, new PartitionState(newest, status));
        }
        return states;
    }

    /** The input topics whose partition count no report has given yet (their partitions hold the frontier). */
    public Set<String> uncountedTopics() {
        Set<String> missing = new TreeSet<>();
        if (fixedPartitions == null) {
            for (String topic : topics) {
                if (!partitionCounts.containsKey(topic)) {
                    missing.add(topic);
                }
            }
        }
        return missing;
    }

    /** What is kept of one partition, to persist it and load it back ({@link #restore}). */
    public Entry entry(InputPartition partition) {
        Clock clock = clock(partition);
        return new Entry(clock.newest, clock.idle, clock.idleEnd);
    }

    public Map<String, Integer> partitionCounts() {
        return Map.copyOf(partitionCounts);
    }

    /** Loads persisted state: partition entries, partition counts and the frontier reached before. */
    public void restore(Map<InputPartition, Entry> entries, Map<String, Integer> counts, long persistedFrontier) {
        entries.forEach((partition, entry) -> {
            Clock clock = clock(partition);
            clock.newest = entry.newest();
            clock.idle = entry.idle();
            clock.idleEnd = entry.idleEnd();
        });
        partitionCounts.putAll(counts);
        expected = null;
        declarations++;
        frontier = Math.max(frontier, persistedFrontier);
    }

    /** @param reportedIdle whether partitions declared idle in their readers' reports count as idle */
    private long candidate(EndOffsets ends, boolean reportedIdle) {
        long oldestActive = Long.MAX_VALUE;
        long newestIdle = NONE;
        boolean anyActive = false;
        leanedOnReports = false;
        if (fixedPartitions == null && !everyTopicCounted()) {
            return NONE;
        }
        for (InputPartition partition : expected()) {
            Clock clock = clocks.get(partition);
            if ((reportedIdle || clock != null && clock.idleEnd == OWNER) && isIdle(partition, clock, ends)) {
                leanedOnReports |= clock.idleEnd != OWNER;
                newestIdle = Math.max(newestIdle, heldBack(partition, clock.newest));
                continue;
            }
            if (clock == null || clock.newest == NONE) {
                return NONE;   // awaited: hold
            }
            anyActive = true;
            oldestActive = Math.min(oldestActive, heldBack(partition, clock.newest));
        }
        return anyActive ? oldestActive : newestIdle;
    }

    /** A partition's clock as it counts for the frontier: its input's hold-back subtracted. */
    private long heldBack(InputPartition partition, long newest) {
        if (holdBacks.isEmpty() || newest == NONE) {
            return newest;
        }
        // saturated: a clock near the start of time stays a clock, not NONE
        long held = newest - holdBacks.getOrDefault(partition.topic(), 0L);
        return held > newest ? NONE + 1 : Math.max(held, NONE + 1);
    }

    /** {@link #uncountedTopics()} is empty, without building it: this runs for every record. */
    private boolean everyTopicCounted() {
        for (String topic : topics) {
            if (!partitionCounts.containsKey(topic)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIdle(InputPartition partition, Clock clock, EndOffsets ends) {
        if (clock == null || !clock.idle) {
            return false;
        }
        if (clock.idleEnd == OWNER) {
            return true;
        }
        OptionalLong end = ends.endOffset(partition);
        return clock.idleEnd >= 0 && end.isPresent() && end.getAsLong() <= clock.idleEnd;
    }

    private List<InputPartition> expected() {
        if (expected == null) {
            List<InputPartition> all = new ArrayList<>();
            if (fixedPartitions != null) {
                all.addAll(new TreeSet<>(fixedPartitions));
            } else {
                for (String topic : new TreeSet<>(topics)) {
                    Integer count = partitionCounts.get(topic);
                    for (int p = 0; count != null && p < count; p++) {
                        all.add(new InputPartition(topic, p));
                    }
                }
            }
            expected = List.copyOf(all);
        }
        return expected;
    }

    private Clock clock(InputPartition partition) {
        if (partition != lastPartition) {
            lastClock = clocks.computeIfAbsent(partition, p -> new Clock());
            lastPartition = partition;
        }
        return lastClock;
    }

    private static final class Clock {
        long newest = NONE;
        boolean idle;
        long idleEnd = NONE;
    }

    /** One partition's persisted clock: newest event time, idle flag and the end offset its reader had read to. */
    public record Entry(long newest, boolean idle, long idleEnd) {
    }

    /**
     * The end offset of each input partition as the cluster says now (for {@code read_committed}: its LSO), read every
     * so often. Reads are numbered as they begin, from 1: {@link #begun()} says how many have begun, {@link #answered()}
     * which one the offsets now given come from; an answer numbered above what {@code begun()} said at some moment
     * comes from a read begun after it, and counts every record written before that moment.
     */
    @FunctionalInterface
    public interface EndOffsets {

        /** A table whose owner reads the partitions itself needs none. */
        EndOffsets NOT_NEEDED = partition -> OptionalLong.empty();

        OptionalLong endOffset(InputPartition partition);

        /** How many reads have begun; offsets that never change (a test's) are always fresh. */
        default long begun() {
            return 0;
        }

        /** The number of the read whose answer {@link #endOffset} gives now. */
        default long answered() {
            return Long.MAX_VALUE;
        }
    }

    /** One partition as progress shows it. */
    public record PartitionState(long newest, Status status) {

        /** {@code ACTIVE}: has a clock and holds the frontier; {@code IDLE}: does not; {@code AWAITED}: no clock yet. */
        public enum Status { ACTIVE, IDLE, AWAITED }
    }
}
