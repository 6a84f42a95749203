package com.shopstream.common.watermark;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * What the event-time steps need from the running service besides their records: how often readers report, when a
 * partition counts as idle, and two facts only the Kafka clients know (how far behind a reader is, how many
 * partitions a topic has).
 *
 * @param reportInterval how often a source step reports its partitions' clocks downstream (wall clock)
 * @param idleTimeout    a caught-up partition with no record for this long is idle
 * @param idleLease      how long a reported idle declaration counts without being renewed (readers renew it every
 *                       report interval): a reader that is down stops renewing, and its partition holds again
 * @param lag            records a reader has still to read from a partition, when known
 * @param partitionCounts partitions of an input topic, when known
 */
public record EventTimeRuntime(Duration reportInterval, Duration idleTimeout, Duration idleLease, InputLag lag,
                               PartitionCounts partitionCounts) {

    public EventTimeRuntime {
        Objects.requireNonNull(lag, "lag");
        Objects.requireNonNull(partitionCounts, "partitionCounts");
        positive(reportInterval, "shopstream.watermark.report-interval");
        positive(idleTimeout, "shopstream.watermark.idle-timeout");
        positive(idleLease, "the idle lease");
        if (idleLease.compareTo(reportInterval) <= 0) {
            throw new IllegalArgumentException("the idle lease (" + idleLease + ") must be longer than the report "
                    + "interval (" + reportInterval + "), or idle declarations lapse before they are renewed");
        }
    }

    /** The lease of idle declarations: ten report intervals, at least a second. */
    public static Duration leaseFor(Duration reportInterval) {
        Duration tenReports = reportInterval.multipliedBy(10);
        return tenReports.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : tenReports;
    }

    private static void positive(Duration duration, String what) {
        if (duration == null || duration.isZero() || duration.isNegative()) {
            throw new IllegalArgumentException(what + " must be positive: " + duration);
        }
    }

    /** Records a reader has not read yet from a partition: the consumer's view, empty when it has none. */
    @FunctionalInterface
    public interface InputLag {

        /** A reader that has read everything written so far (TopologyTestDriver's, which reads as it is fed). */
        InputLag CAUGHT_UP = partition -> OptionalLong.of(0);

        OptionalLong lag(InputPartition partition);
    }

    /** How many partitions an input topic has, empty while not known. */
    @FunctionalInterface
    public interface PartitionCounts {

        /** TopologyTestDriver's topics: one partition each. */
        PartitionCounts ONE_EACH = topic -> OptionalInt.of(1);

        OptionalInt count(String topic);
    }
}
