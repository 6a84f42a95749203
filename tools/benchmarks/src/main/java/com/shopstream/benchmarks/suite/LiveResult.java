package com.shopstream.benchmarks.suite;

/**
 * One live run of orders-service: orders sent at {@code targetRate} for a while, and how long each took to show in its
 * update topic (read_committed).
 *
 * @param sentRate     events per second actually sent (below the target when the sender could not keep up)
 * @param tracked      orders whose window count the latency follows (all but the too-late ones)
 * @param seen         of those, the ones whose count became visible
 * @param maxLag       the most records the service was behind its input during the run
 * @param cpuSeconds   the service's CPU over the run
 */
record LiveResult(long targetRate, double sentRate, long tracked, long seen, double p50Millis, double p99Millis,
                  double maxMillis, long maxLag, double cpuSeconds, double seconds) {

    /** The machine, not the service, was the limit: the sender fell behind, or the service built a backlog. */
    boolean couldNotKeepUp() {
        return sentRate < targetRate * 0.95 || maxLag > targetRate * 2 || seen < tracked;
    }
}
