package com.shopstream.benchmarks.suite;

/**
 * What Kafka's own ConsumerPerformance measured: records and megabytes per second over its fetch time (the time after
 * its group joined; the JVM's start and the join are outside it).
 */
record CeilingResult(long records, double fetchSeconds, double megabytesPerSecond) {

    double recordsPerSecond() {
        return records / fetchSeconds;
    }
}
