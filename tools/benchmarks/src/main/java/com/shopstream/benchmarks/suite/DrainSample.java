package com.shopstream.benchmarks.suite;

/**
 * One look at a draining process: its group's progress, and the CPU it (of which its JIT compiler threads') and the
 * broker had used by then.
 */
record DrainSample(long nanos, long committed, long lag, double cpuSeconds, double jitCpuSeconds,
                   double brokerCpuSeconds) {
}
