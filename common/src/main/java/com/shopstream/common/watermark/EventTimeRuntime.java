package com.shopstream.common.watermark;

import com.shopstream.common.streams.SharedObjects;
import com.shopstream.eventtime.BrokerClock;
import com.shopstream.eventtime.FutureBound;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.time.Duration;
import java.util.Map;
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
 * @param lag            records a reader has still to read from a partition, when known
 * @param partitionCounts partitions of an input topic, when known
 * @param endOffsets     an input partition's end offset now, when known: an idle declaration holds only while the
 *                       partition has no record its reader had not seen
 * @param futureBound    how far ahead of its broker time a record may be, and may move its partition's clock
 * @param brokerClock    what the process knows of the brokers' clock, which the steps tell what they read
 */
public record EventTimeRuntime(Duration reportInterval, Duration idleTimeout, InputLag lag,
                               PartitionCounts partitionCounts, InputClocks.EndOffsets endOffsets,
                               FutureBound futureBound, BrokerClock brokerClock) {

    /** The streams configuration's key of the service's event-time runtime. */
    public static final String CONFIG_KEY = "shopstream.event-time";

    public EventTimeRuntime {
        Objects.requireNonNull(lag, "lag");
        Objects.requireNonNull(partitionCounts, "partitionCounts");
        Objects.requireNonNull(endOffsets, "endOffsets");
        Objects.requireNonNull(futureBound, "futureBound");
        Objects.requireNonNull(brokerClock, "brokerClock");
        positive(reportInterval, "shopstream.watermark.report-interval");
        positive(idleTimeout, "shopstream.watermark.idle-timeout");
    }

    /** The service's event-time runtime, from the streams configuration of a processor. */
    public static EventTimeRuntime from(Map<String, ?> streamsConfigs) {
        return SharedObjects.get(streamsConfigs, CONFIG_KEY, EventTimeRuntime.class);
    }

    /** The same, idle after {@code timeout} (tests set it short). */
    public EventTimeRuntime withIdleTimeout(Duration timeout) {
        return new EventTimeRuntime(reportInterval, timeout, lag, partitionCounts, endOffsets, futureBound,
                brokerClock);
    }

    /** The same, with other end offsets (a test writing to a partition its reader does not read). */
    public EventTimeRuntime withEndOffsets(InputClocks.EndOffsets offsets) {
        return new EventTimeRuntime(reportInterval, idleTimeout, lag, partitionCounts, offsets, futureBound,
                brokerClock);
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

    /** TopologyTestDriver's partitions: nothing is written that the driver does not read at once. */
    public static final InputClocks.EndOffsets UNCHANGING_END_OFFSETS = partition -> OptionalLong.of(0);
}
