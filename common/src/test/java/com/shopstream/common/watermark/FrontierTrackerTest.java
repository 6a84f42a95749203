package com.shopstream.common.watermark;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.testing.TimedOrdersFixture;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.QueryLateness;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The frontier tracker behind a repartition, fed by hand what a repartition topic holds: events and reports from
 * three input partitions, in an order a skewed read could give.
 */
class FrontierTrackerTest {

    private static final Instant WALL_CLOCK = Instant.parse("2031-01-01T00:00:00Z");
    private static final QueryLateness QUERY = new QueryLateness("q", Duration.ofMinutes(3), new EventTimeBound());

    @AutoClose
    private StreamsHarness harness;
    /** The end offset of every input partition, as the tracker's instance reads it. */
    private long endOffset;
    /** Reads of the end offsets begun and the one answered: by default every answer is fresh. */
    private long readsBegun;
    private long readAnswered = Long.MAX_VALUE;

    @Test
    void holdsUntilEveryPartitionOfTheTopicHasReportedThenFollowsTheOldest() {
        start(false);
        report(0, "10:05:00", false);
        event(1, 0, "10:05:00", "10:06:00");
        report(1, "10:02:00", false);
        assertThat(signals()).containsExactly("event 1 from orders-0 after 10:05:00");

        report(2, "10:04:00", false);   // every partition has a clock now
        event(2, 1, "10:02:00", "10:04:30");   // orders-1 moves: the oldest is orders-2 at 10:04
        report(2, "10:07:00", false);

        assertThat(newSignals()).containsExactly(
                "advance 10:02:00",
                "event 2 from orders-1 after 10:02:00", "advance 10:04:00",
                "advance 10:04:30");
    }

    @Test
    void anIdlePartitionDoesNotHoldTheFrontierUntilARecordLandsInIt() {
        start(false);
        report(0, "10:05:00", false);
        report(1, "10:06:00", false);
        report(2, "10:01:00", true);   // read to its end offset (0, as everything in this driver)
        assertThat(signals()).containsExactly("advance 10:05:00");

        endOffset = 1;   // a record landed in orders-2 that its reader has not read (it may be down)
        report(0, "10:09:00", false);
        report(1, "10:09:00", false);
        assertThat(newSignals()).isEmpty();

        endOffset = 0;
        report(1, "10:09:30", false);
        assertThat(newSignals()).containsExactly("advance 10:09:00");
    }

    @Test
    void anAdvanceOverAnIdlePartitionWaitsForEndOffsetsReadAfterItAndIsSentWhenTheyComeWithoutARecord() {
        readAnswered = 0;   // the end offsets in hand come from a read begun before anything below
        readsBegun = 1;
        start(false);
        report(0, "10:05:00", false);
        report(1, "10:06:00", false);
        report(2, "10:01:00", true);
        assertThat(signals()).as("held at the idle partition's clock").containsExactly("advance 10:01:00");

        readAnswered = 1;   // began before the reports came: too old still
        harness.advanceWallClock(Duration.ofSeconds(1));
        assertThat(newSignals()).isEmpty();

        readsBegun = 2;
        readAnswered = 2;   // nothing landed in orders-2 meanwhile
        harness.advanceWallClock(Duration.ofSeconds(1));
        assertThat(newSignals()).containsExactly("advance 10:05:00");
    }

    @Test
    void aRecordThatLandsInAnIdlePartitionJustBeforeTheOthersMoveOnHoldsTheFrontier() {
        readAnswered = 1;
        readsBegun = 1;
        start(false);
        report(0, "10:01:00", false);
        report(1, "10:01:00", false);
        report(2, "10:01:00", true);
        assertThat(signals()).containsExactly("advance 10:01:00");

        // a record lands in orders-2 (its reader is down); the others move on before the next read
        report(0, "10:09:00", false);
        report(1, "10:09:00", false);
        assertThat(newSignals()).isEmpty();

        readsBegun = 2;
        endOffset = 1;
        readAnswered = 2;
        harness.advanceWallClock(Duration.ofSeconds(1));
        report(1, "10:09:30", false);
        assertThat(newSignals()).isEmpty();
    }

    @Test
    void whenEveryPartitionIsIdleTheNewestClockCounts() {
        start(false);
        report(0, "10:05:00", true);
        report(1, "10:06:00", true);
        report(2, "none", true);

        assertThat(signals()).containsExactly("advance 10:06:00");
    }

    @Test
    void aTopicThatGainsPartitionsHoldsUntilTheNewOnesReport() {
        start(false);
        report(0, 2, "10:05:00", false);
        report(1, 2, "10:06:00", false);
        report(0, 3, "10:08:00", false);
        report(1, 3, "10:08:00", false);
        assertThat(signals()).containsExactly("advance 10:05:00");

        report(2, 3, "10:07:00", false);
        assertThat(newSignals()).containsExactly("advance 10:07:00");
    }

    @Test
    void releasesEventsInTheOrderOfTheirPartitionsClocksWhatEverOrderTheyCameIn() {
        start(true);
        report(0, "10:00:00", false);
        report(1, "10:00:00", false);
        report(2, "10:00:00", false);
        // orders-0 was read far ahead of the others
        event(1, 0, "10:00:00", "10:03:00");
        event(2, 0, "10:03:00", "10:06:00");
        event(3, 1, "10:00:00", "10:04:00");
        event(4, 2, "10:00:00", "10:01:00");
        event(5, 2, "10:01:00", "10:05:00");
        event(6, 1, "10:04:00", "10:07:00");
        event(7, 2, "10:05:00", "10:05:30");

        assertThat(signals()).containsExactly(
                "advance 10:00:00",
                "event 1 from orders-0 after 10:00:00",
                "event 3 from orders-1 after 10:00:00",
                "event 4 from orders-2 after 10:00:00",
                "advance 10:01:00",
                "event 5 from orders-2 after 10:01:00",
                "advance 10:03:00",
                "event 2 from orders-0 after 10:03:00",
                "advance 10:04:00",
                "event 6 from orders-1 after 10:04:00",
                "advance 10:05:00",
                "event 7 from orders-2 after 10:05:00",
                "advance 10:05:30");
    }

    private void start(boolean ordered) {
        TestStreams streams = TestStreams.forDriver("frontier-test");
        streams.with(streams.eventTime().withEndOffsets(new InputClocks.EndOffsets() {
            @Override
            public OptionalLong endOffset(InputPartition partition) {
                return OptionalLong.of(endOffset);
            }

            @Override
            public long begun() {
                return readsBegun;
            }

            @Override
            public long answered() {
                return readAnswered;
            }
        }));
        harness = new StreamsHarness(TimedOrdersFixture.tracker(streams.builder(), TestStreams.topics(),
                List.of(QUERY), ordered), streams, WALL_CLOCK);
    }

    private void report(int partition, String newest, boolean idle) {
        report(partition, 3, newest, idle);
    }

    private void report(int partition, int count, String newest, boolean idle) {
        pipe("", new Timed.Report<>(new InputPartition("orders", partition), count, ms(newest), idle,
                idle ? 0 : -1));
    }

    private void event(long id, int partition, String before, String after) {
        Order order = new Order(id, id, BigDecimal.ONE, Instant.parse("2026-01-22T" + after + "Z"));
        pipe(Long.toString(id), new Timed.Event<>(order, new InputPartition("orders", partition), 3, ms(before),
                ms(after)));
    }

    private void pipe(String key, Timed<Order> value) {
        harness.pipe(TimedOrdersFixture.TIMED_INPUT, key.getBytes(StandardCharsets.UTF_8),
                new TimedSerde<>(Order.class).serializer().serialize(TimedOrdersFixture.TIMED_INPUT, value),
                new RecordHeaders());
    }

    private List<String> signals() {
        return harness.records(TimedOrdersFixture.SIGNALS).stream().map(OutputRecord::value).toList();
    }

    private List<String> newSignals() {
        return harness.newRecords(TimedOrdersFixture.SIGNALS).stream().map(OutputRecord::value).toList();
    }
}
