package com.shopstream.eventtime;

import java.util.Arrays;

/**
 * How many records came how far behind their partition's newest event time (their out-of-orderness, in
 * milliseconds): exact below 64 ms, above that in buckets no wider than 1/32 of their values (HdrHistogram's
 * log-linear layout, small enough to keep one per slot of an {@link OutOfOrderWindow}).
 *
 * <p>A quantile is read as the <em>upper</em> end of its bucket: a delay of that many milliseconds keeps at least
 * that share of the records, never fewer, which is what a delay chosen from it must promise.
 */
public final class OutOfOrderHistogram {

    private static final int EXACT = 64;
    private static final int SUB_BITS = 5;
    private static final int SUB_BUCKETS = 1 << SUB_BITS;
    /** Out-of-orderness beyond 2^41 ms (70 years) counts as that: no clock is that far behind. */
    static final long LARGEST = (1L << 41) - 1;
    private static final int BUCKETS = EXACT + (41 - 6) * SUB_BUCKETS;

    private final long[] counts = new long[BUCKETS];
    private long total;
    private long max;

    /** Counts one record this far (milliseconds, negative read as 0) behind its partition's newest event time. */
    public void record(long outOfOrder) {
        long value = Math.min(Math.max(outOfOrder, 0), LARGEST);
        counts[bucket(value)]++;
        total++;
        max = Math.max(max, value);
    }

    /** Adds another histogram's counts to this one. */
    public void add(OutOfOrderHistogram other) {
        for (int i = 0; i < BUCKETS; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
        max = Math.max(max, other.max);
    }

    /** Forgets every count. */
    public void clear() {
        Arrays.fill(counts, 0);
        total = 0;
        max = 0;
    }

    public long total() {
        return total;
    }

    /** The largest out-of-orderness counted, exact; 0 before any. */
    public long max() {
        return max;
    }

    /**
     * The smallest delay (milliseconds) that keeps at least {@code share} of the counted records, to the histogram's
     * precision and never below it; the exact {@link #max} for a share of 1; 0 before any record.
     */
    public long delayKeeping(double share) {
        if (share < 0 || share > 1) {
            throw new IllegalArgumentException("a share is between 0 and 1: " + share);
        }
        if (total == 0) {
            return 0;
        }
        // a hair under the product: 0.99 × 100 must need 99 records, not 100 from a rounding error above 99
        long needed = (long) Math.ceil(share * total - 1e-6);
        if (needed >= total) {
            return max;
        }
        long seen = 0;
        for (int i = 0; i < BUCKETS; i++) {
            seen += counts[i];
            if (seen >= needed && seen > 0) {
                return Math.min(upperEnd(i), max);
            }
        }
        return max;
    }

    static int bucket(long value) {
        if (value < EXACT) {
            return (int) value;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(value);   // 6 and up
        int sub = (int) (value >>> (exponent - SUB_BITS)) & (SUB_BUCKETS - 1);
        return EXACT + (exponent - 6) * SUB_BUCKETS + sub;
    }

    /** The largest value that falls in bucket {@code index}. */
    static long upperEnd(int index) {
        if (index < EXACT) {
            return index;
        }
        int exponent = 6 + (index - EXACT) / SUB_BUCKETS;
        int sub = (index - EXACT) % SUB_BUCKETS;
        return ((long) (SUB_BUCKETS + sub + 1) << (exponent - SUB_BITS)) - 1;
    }
}
