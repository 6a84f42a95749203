package com.shopstream.benchmarks.suite;

import java.util.List;

/**
 * Records, seconds and CPU (of which the JIT compiler threads') between two samples of a drain. {@link #secondHalf}
 * starts at the first sample by which half of the drained records were committed: by then the JIT has compiled the
 * hot paths, so it is the warm rate, which on a short drain differs most from the whole one.
 */
record DrainInterval(long records, double seconds, double cpuSeconds, double jitCpuSeconds,
                     double brokerCpuSeconds) {

    /** {@link #jitCpuSeconds} when it was not measured (a Spark peer built before it reported it). */
    static final double UNKNOWN = -1;

    static DrainInterval between(DrainSample from, DrainSample to) {
        return new DrainInterval(to.committed() - from.committed(), (to.nanos() - from.nanos()) / 1e9,
                to.cpuSeconds() - from.cpuSeconds(), to.jitCpuSeconds() - from.jitCpuSeconds(),
                to.brokerCpuSeconds() - from.brokerCpuSeconds());
    }

    /** From the first to the last sample (the first shows a commit, the last shows no lag). */
    static DrainInterval whole(List<DrainSample> samples) {
        return between(samples.get(0), samples.get(samples.size() - 1));
    }

    static DrainInterval secondHalf(List<DrainSample> samples) {
        DrainSample first = samples.get(0);
        DrainSample last = samples.get(samples.size() - 1);
        long halfway = first.committed() + (last.committed() - first.committed()) / 2;
        for (DrainSample sample : samples) {
            if (sample.committed() >= halfway && sample != last) {
                return between(sample, last);
            }
        }
        return whole(samples);
    }

    double recordsPerSecond() {
        return records / seconds;
    }

    /** CPU microseconds per record: the cost figure that depends least on what else the machine was doing. */
    double cpuMicrosPerRecord() {
        return cpuSeconds * 1e6 / records;
    }

    /**
     * The JIT compiler threads' share of the CPU: a fresh JVM compiles through most of a short drain, on the cores its
     * own work needs ({@link #UNKNOWN} when not measured).
     */
    double jitShare() {
        return jitCpuSeconds < 0 || cpuSeconds <= 0 ? UNKNOWN : jitCpuSeconds / cpuSeconds;
    }
}
