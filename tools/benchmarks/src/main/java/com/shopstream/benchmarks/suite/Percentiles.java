package com.shopstream.benchmarks.suite;

import java.util.Arrays;

/** Nearest-rank percentiles of a set of samples (no interpolation: every figure reported was observed). */
public final class Percentiles {

    private final long[] sorted;

    public Percentiles(long[] samples) {
        this.sorted = samples.clone();
        Arrays.sort(sorted);
    }

    /** The smallest sample at or above {@code percent} % of all samples; {@code -1} when there are none. */
    public long at(double percent) {
        if (sorted.length == 0) {
            return -1;
        }
        if (percent <= 0 || percent > 100) {
            throw new IllegalArgumentException("a percentile is in (0, 100]: " + percent);
        }
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }

    public long max() {
        return sorted.length == 0 ? -1 : sorted[sorted.length - 1];
    }

    public int count() {
        return sorted.length;
    }
}
