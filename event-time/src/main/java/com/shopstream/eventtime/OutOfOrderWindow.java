package com.shopstream.eventtime;

import java.time.Duration;
import java.util.List;

/**
 * The out-of-orderness of one input partition's records over the last {@code horizon} of wall-clock time: a ring of
 * {@link OutOfOrderHistogram}s, one per slot (a 24th of the horizon: an hour by default), the oldest forgotten as the
 * clock enters a new slot; a snapshot covers the 23 slots before the current one and the current one so far. It also counts exactly, per watched delay (the delays the input's queries run with), how many records that
 * delay kept: no more than the delay behind their partition's newest event time.
 *
 * <p>Wall clock, not event time: this is an observation for the operator choosing a delay (what "the last day" means
 * to them), never a decision about a record. One per partition, so only the stream thread that reads the partition
 * records into it; reports read it: both synchronized, a lock nobody else holds on the record's path.
 */
public final class OutOfOrderWindow {

    static final int SLOTS = 24;

    private final long slotMillis;
    private final long[] watched;
    private final OutOfOrderHistogram[] histograms = new OutOfOrderHistogram[SLOTS];
    private final long[][] kept;
    /** The slot number (wall-clock millis / slot length) each ring entry holds. */
    private final long[] slotOf = new long[SLOTS];

    /**
     * @param horizon how far back the figures go (at least {@value #SLOTS} ms)
     * @param watched the delays whose kept share is counted exactly
     */
    public OutOfOrderWindow(Duration horizon, List<Duration> watched) {
        if (horizon.toMillis() < SLOTS) {
            throw new IllegalArgumentException("the horizon of the out-of-orderness figures is too short: " + horizon);
        }
        this.slotMillis = horizon.toMillis() / SLOTS;
        this.watched = watched.stream().mapToLong(Duration::toMillis).distinct().sorted().toArray();
        this.kept = new long[SLOTS][this.watched.length];
        for (int i = 0; i < SLOTS; i++) {
            histograms[i] = new OutOfOrderHistogram();
            slotOf[i] = Long.MIN_VALUE;
        }
    }

    /** A record came {@code outOfOrder} ms behind its partition's newest event time, at wall-clock {@code now}. */
    public synchronized void record(long outOfOrder, long now) {
        int index = enter(now);
        histograms[index].record(outOfOrder);
        long[] keptHere = kept[index];
        for (int i = 0; i < watched.length; i++) {
            if (outOfOrder <= watched[i]) {
                keptHere[i]++;
            }
        }
    }

    /** What was recorded within the horizon before {@code now}. */
    public synchronized Snapshot snapshot(long now) {
        long current = Math.floorDiv(now, slotMillis);
        OutOfOrderHistogram merged = new OutOfOrderHistogram();
        long[] keptTotal = new long[watched.length];
        for (int i = 0; i < SLOTS; i++) {
            if (slotOf[i] > current - SLOTS && slotOf[i] <= current) {
                merged.add(histograms[i]);
                for (int d = 0; d < watched.length; d++) {
                    keptTotal[d] += kept[i][d];
                }
            }
        }
        return new Snapshot(merged, watched.clone(), keptTotal);
    }

    /** The ring entry of {@code now}'s slot, cleared when it held an older one. */
    private int enter(long now) {
        long slot = Math.floorDiv(now, slotMillis);
        int index = (int) Math.floorMod(slot, (long) SLOTS);
        if (slotOf[index] != slot) {
            histograms[index].clear();
            java.util.Arrays.fill(kept[index], 0);
            slotOf[index] = slot;
        }
        return index;
    }

    /** The figures of a horizon: the merged histogram, and how many records each watched delay kept. */
    public record Snapshot(OutOfOrderHistogram histogram, long[] watched, long[] kept) {

        /** Nothing yet, watching these delays. */
        public static Snapshot empty(List<Duration> watched) {
            long[] delays = watched.stream().mapToLong(Duration::toMillis).distinct().sorted().toArray();
            return new Snapshot(new OutOfOrderHistogram(), delays, new long[delays.length]);
        }

        /** The figures of two partitions of one input together (windows watching the same delays). */
        public Snapshot plus(Snapshot other) {
            if (!java.util.Arrays.equals(watched, other.watched)) {
                throw new IllegalArgumentException("snapshots watching other delays cannot be added");
            }
            OutOfOrderHistogram sum = new OutOfOrderHistogram();
            sum.add(histogram);
            sum.add(other.histogram);
            long[] keptSum = kept.clone();
            for (int i = 0; i < keptSum.length; i++) {
                keptSum[i] += other.kept[i];
            }
            return new Snapshot(sum, watched, keptSum);
        }

        /** The share of the records {@code delay} kept, exact for a watched delay; 1 before any record. */
        public double keptShare(Duration delay) {
            long total = histogram.total();
            if (total == 0) {
                return 1;
            }
            for (int i = 0; i < watched.length; i++) {
                if (watched[i] == delay.toMillis()) {
                    return (double) kept[i] / total;
                }
            }
            throw new IllegalArgumentException(delay + " is not a watched delay");
        }
    }
}
