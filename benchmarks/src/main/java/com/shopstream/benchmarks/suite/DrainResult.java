package com.shopstream.benchmarks.suite;

/**
 * One drain of the backlog: records committed between the first commit seen and the group's lag reaching 0, over
 * that time (the JVM's start and the first batch before its first commit are outside it).
 *
 * @param cpuSeconds       the process's user + system CPU over the same interval
 * @param brokerCpuSeconds local-kafka's CPU over it ({@code -1} with a broker this run did not start)
 * @param peakRssMib       the process's peak resident set (VmHWM) at the end of the drain
 * @param stateBytes       state stores' estimated bytes at the end ({@code -1}: not known)
 * @param late             records refused as too late (summed over the queries of the service)
 */
record DrainResult(String name, long records, double seconds, double cpuSeconds, double brokerCpuSeconds,
                   long peakRssMib, long stateBytes, long late) {

    double recordsPerSecond() {
        return records / seconds;
    }

    /** CPU microseconds per record: the cost figure that does not depend on what else the machine was doing. */
    double cpuMicrosPerRecord() {
        return cpuSeconds * 1e6 / records;
    }
}
