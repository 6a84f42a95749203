package com.shopstream.benchmarks.suite;

/**
 * One drain of the backlog: from the first sample that shows a commit to the first that shows no lag (the JVM's
 * start and the first batch before its first commit are outside it).
 *
 * @param run         its run in {@code --runs}; {@code baselineRun} the run of its plain baseline ({@code null} for a
 *                    baseline)
 * @param whole       the whole drain: records committed in it, its seconds, the process's user + system CPU and the
 *                    broker's (when this run started the broker: {@code brokerMeasured})
 * @param secondHalf  the same from the moment half the records were committed (warm JIT); {@code null} for a Spark
 *                    run, measured only as a whole
 * @param peakRssMib  the process's peak resident set (VmHWM) at the end of the drain, summed over instances
 * @param stateBytes  state stores' estimated bytes at the end ({@code -1}: not known)
 * @param late        records refused as too late (summed over the queries of the service; a baseline's records
 *                    dropped by Kafka Streams; Spark's rows dropped by its watermark)
 * @param sparkRun    the run of the Spark peer this one is compared with, or {@code null}
 * @param outputRows  the rows the run's query wrote ({@code -1}: not counted), to check it against Spark's count
 */
record DrainResult(String run, String baselineRun, String name, DrainInterval whole, DrainInterval secondHalf,
                   boolean brokerMeasured, long peakRssMib, long stateBytes, long late, String sparkRun,
                   long outputRows) {
}
