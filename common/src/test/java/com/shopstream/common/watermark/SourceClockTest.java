package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.progress.PartitionReport;
import com.shopstream.common.progress.ProgressReport;
import com.shopstream.common.progress.QueryReport;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.testing.TimedOrdersFixture;
import com.shopstream.eventtime.DelayAdvice;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.TimeWindowLateness;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;

/**
 * The source step through TopologyTestDriver (one partition per topic): each record judged against its partition's
 * watermark just before it; clocks only move with later events, never with the wall clock.
 */
class SourceClockTest {

    private static final Duration DELAY = Duration.ofMinutes(3);
    private static final QueryLateness TUMBLING_5M = new QueryLateness("q", DELAY,
            new TimeWindowLateness(Duration.ofMinutes(5), Duration.ofMinutes(5)));
    private static final QueryLateness HOPPING_10M = new QueryLateness("h", DELAY,
            new TimeWindowLateness(Duration.ofMinutes(10), Duration.ofMinutes(5)));

    @AutoClose
    private StreamsHarness harness;

    @Test
    void admitsRecordsWhoseWindowIsOpenAndRoutesTheOthersToTheLateTopicWithWhy() {
        local(List.of(TUMBLING_5M));
        order(1, "10:00:30");
        order(2, "10:10:00");   // orders-0's watermark 10:07: [10:00,10:05) is final
        order(3, "10:04:59");   // too late
        order(4, "10:05:00");   // [10:05,10:10) still open

        assertThat(ids(harness.records(TimedOrdersFixture.ADMITTED))).containsExactly(1L, 2L, 4L);
        List<OutputRecord> late = harness.records(TimedOrdersFixture.LATE);
        assertThat(ids(late)).containsExactly(3L);
        assertThat(late.get(0).headers())
                .containsEntry(LateRecordHeaders.QUERY, "q")
                .containsEntry(LateRecordHeaders.WATERMARK, "2026-01-22T10:07:00Z")
                .containsEntry(LateRecordHeaders.EVENT_TIME, "2026-01-22T10:04:59Z")
                .containsEntry(LateRecordHeaders.REFUSED, "all")
                .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z")
                .containsEntry(LateRecordHeaders.CAUSE, "partition-watermark")
                .containsEntry(LateRecordHeaders.PARTITION, "orders-0");
        assertThat(late.get(0).value())
                .isEqualTo("{\"order_id\":3,\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:04:59Z\"}");
    }

    @Test
    void eachEventCarriesItsPartitionsClockBeforeItAndTheFrontierAdvancesAfterIt() {
        local(List.of(TUMBLING_5M));
        order(1, "10:00:30");
        order(2, "10:00:10");   // no news for the clock: no advance
        order(3, "10:02:00");

        assertThat(signals()).containsExactly(
                "event 1 from orders-0 after none", "advance 10:00:30",
                "event 2 from orders-0 after 10:00:30",
                "event 3 from orders-0 after 10:00:30", "advance 10:02:00");
    }

    @Test
    void aWindowEndingExactlyAtTheWatermarkIsFinal() {
        local(List.of(TUMBLING_5M));
        order(1, "10:08:00");   // watermark 10:05:00 = end of [10:00,10:05)
        order(2, "10:04:59.999");
        order(3, "10:05:00");

        assertThat(ids(harness.records(TimedOrdersFixture.LATE))).containsExactly(2L);
        assertThat(ids(harness.records(TimedOrdersFixture.ADMITTED))).containsExactly(1L, 3L);
    }

    @Test
    void anInputLeftToTheOperatorGoesOnWholeWithTheClockItIsToBeJudgedAgainst() {
        TestStreams streams = TestStreams.forDriver("source-clock-test");
        harness = new StreamsHarness(TimedOrdersFixture.judgedByOperator(streams.builder(), TestStreams.topics(),
                TUMBLING_5M), streams);
        order(1, "10:10:00");
        order(2, "10:00:00");   // late for orders-0's watermark (10:07): the operator's to say, with this clock

        assertThat(ids(harness.records(TimedOrdersFixture.ADMITTED))).containsExactly(1L, 2L);
        assertThat(harness.records(TimedOrdersFixture.LATE)).isEmpty();
        assertThat(signals()).contains("event 2 from orders-0 after 10:10:00");
        assertThat(harness.streams().progress().query("q", DELAY, List.of("orders")).lateRows())
                .as("counted where the late record is written: by the operator").isZero();
    }

    @Test
    void onlyAnInputItReadsCanBeLeftToTheOperatorOfItsOneQueryBehindARepartition() {
        assertThatThrownBy(() -> new SourceStep("s", List.of("orders"), List.of(TUMBLING_5M),
                SourceStep.Mode.REPORTS, Set.of(), Set.of("payments"))).hasMessageContaining("payments");
        assertThatThrownBy(() -> new SourceStep("s", List.of("orders"), List.of(TUMBLING_5M),
                SourceStep.Mode.LOCAL, Set.of(), Set.of("orders"))).hasMessageContaining("behind a repartition");
        assertThatThrownBy(() -> new SourceStep("s", List.of("orders"), List.of(TUMBLING_5M, HOPPING_10M),
                SourceStep.Mode.REPORTS, Set.of(), Set.of("orders"))).hasMessageContaining("one query");
    }

    @Test
    void theWatermarkNeverGoesDown() {
        local(List.of(TUMBLING_5M));
        order(1, "10:10:00");   // watermark 10:07
        order(2, "10:00:00");   // late; must not pull the watermark back
        order(3, "10:01:00");   // still late: [10:00,10:05) stays final

        assertThat(ids(harness.records(TimedOrdersFixture.LATE))).containsExactly(2L, 3L);
        assertThat(harness.streams().progress().query("q", DELAY, List.of("orders")).watermark())
                .hasValue(Instant.parse("2026-01-22T10:07:00Z").toEpochMilli());
    }

    @Test
    void eachRecordsDistanceBehindItsPartitionsNewestEventTimeFeedsEveryQuerysDelayAdvice() {
        local(List.of(TUMBLING_5M, HOPPING_10M));
        order(1, "10:10:00");   // the first: 0 behind
        order(2, "10:08:00");   // 2 min behind: kept by the 3-minute delay
        order(3, "10:11:00");   // ahead: 0
        order(4, "10:01:00");   // 10 min behind 10:11: late
        long now = Instant.now().toEpochMilli();   // the driver's wall clock started about now

        for (String query : List.of("q", "h")) {
            DelayAdvice advice = harness.streams().progress().query(query, DELAY, List.of("orders"))
                    .delayAdvice("orders", now);
            assertThat(advice.records()).as(query).isEqualTo(4);
            assertThat(advice.currentKeeps()).as(query).isEqualTo(0.75);
            assertThat(advice.max()).as(query).isEqualTo(Duration.ofMinutes(10));
            assertThat(advice.choices().get(2).finalsLater()).as(query).isEqualTo(Duration.ofMinutes(7));
        }
    }

    @Test
    void aHoppingWindowQueryCountsARecordSomeOfWhoseWindowsAreFinal() {
        local(List.of(TUMBLING_5M, HOPPING_10M));
        order(1, "10:10:00");   // watermark 10:07
        order(2, "10:04:00");   // tumbling: late; hopping: [09:55,10:05) late, [10:00,10:10) open

        List<OutputRecord> late = harness.records(TimedOrdersFixture.LATE);
        assertThat(late).extracting(r -> r.headers().get(LateRecordHeaders.QUERY)).containsExactly("q", "h");
        assertThat(late.get(1).headers()).containsEntry(LateRecordHeaders.REFUSED, "some")
                .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z");
        assertThat(ids(harness.records(TimedOrdersFixture.ADMITTED))).containsExactly(1L, 2L);
    }

    @Test
    void aCaughtUpPartitionWithNothingToReadTurnsIdleAndIsReadAgainWithItsNextRecord() {
        TestStreams streams = TestStreams.forDriver("source-clock-test");
        streams.with(streams.eventTime().withIdleTimeout(Duration.ofSeconds(5)));
        harness = new StreamsHarness(TimedOrdersFixture.repartitioned(streams.builder(), TestStreams.topics(),
                List.of(TUMBLING_5M), false), streams);
        order(1, "10:00:30");
        harness.advanceWallClock(Duration.ofMillis(100));
        assertThat(status()).isEqualTo(InputClocks.PartitionState.Status.ACTIVE);
        harness.advanceWallClock(Duration.ofSeconds(5));
        assertThat(status()).isEqualTo(InputClocks.PartitionState.Status.IDLE);
        order(2, "10:01:00");
        harness.advanceWallClock(Duration.ofMillis(100));

        assertThat(signals()).containsExactly(
                "event 1 from orders-0 after none", "advance 10:00:30",
                "event 2 from orders-0 after 10:00:30", "advance 10:01:00");
        assertThat(status()).isEqualTo(InputClocks.PartitionState.Status.ACTIVE);
    }

    @Test
    void aRecordAheadOfItsBrokerTimeMakesNoHonestRecordLateForLongerThanTheAllowance() {
        local(List.of(TUMBLING_5M));
        Instant broker = Instant.parse("2026-01-22T10:00:00Z");
        orderAt(1, broker.minusSeconds(1), broker);
        orderAt(2, broker.plus(Duration.ofMinutes(59)), broker.plusSeconds(1));   // a device's clock 59 min fast
        for (int i = 0; i < 1000; i++) {
            Instant arrives = broker.plusSeconds(2 + i);
            orderAt(3 + i, arrives.minusSeconds(1), arrives);
        }

        assertThat(harness.records(TimedOrdersFixture.LATE)).isEmpty();
        assertThat(harness.records(TimedOrdersFixture.ADMITTED)).hasSize(1002);
        assertThat(harness.deadLetters()).isEmpty();
        // the 59-minute record moved its partition's clock to its broker time + the 1-minute allowance, no further
        assertThat(signals()).contains("event 3 from orders-0 after 10:01:01");
    }

    @Test
    void whatTheStepSendsOnIsStampedWithTheClockReadingNotAnEventTimeAheadOfTheBrokersClock() {
        local(List.of(TUMBLING_5M));
        Instant broker = Instant.parse("2026-01-22T10:00:00Z");
        orderAt(1, broker.plus(Duration.ofMinutes(50)), broker);
        orderAt(2, broker.minusSeconds(30), broker.plusSeconds(1));

        assertThat(harness.records(TimedOrdersFixture.ADMITTED)).extracting(OutputRecord::timestamp)
                .containsExactly(broker.plus(Duration.ofMinutes(1)), broker.minusSeconds(30));
    }

    @Test
    void aRecordFurtherAheadOfItsBrokerTimeThanTheSkewIsADeadLetterWhateverTheReadersWallClock() {
        Instant now = Instant.parse("2026-01-22T10:00:00Z");
        List<String> decisions = null;
        for (Instant readerClock : List.of(now, now.plus(Duration.ofDays(1)), now.minus(Duration.ofMinutes(50)))) {
            if (harness != null) {
                harness.close();
            }
            TestStreams streams = TestStreams.forDriver("source-clock-test");
            harness = new StreamsHarness(TimedOrdersFixture.local(streams.builder(), TestStreams.topics(),
                    List.of(TUMBLING_5M)), streams, readerClock);
            orderAt(1, now, now);
            orderAt(2, now.plus(Duration.ofHours(2)), now.plusSeconds(1));
            orderAt(3, now.plus(Duration.ofMinutes(61)), now.plusSeconds(2));
            orderAt(4, now.plus(Duration.ofMinutes(59)), now.plusSeconds(3));
            orderAt(5, now.plus(Duration.ofMinutes(60)), now.plusSeconds(5));   // exactly the skew: read

            List<String> deadLetters = harness.deadLetters().stream().map(letter -> new String(letter.key())
                    + ": " + new String(letter.headers().lastHeader(
                            com.shopstream.common.errors.DeadLetterHeaders.REASON).value())).toList();
            assertThat(deadLetters).containsExactly(
                    "2: order_ts 2026-01-22T12:00:00Z is more than PT1H ahead of the record's broker time "
                            + "2026-01-22T10:00:01Z",
                    "3: order_ts 2026-01-22T11:01:00Z is more than PT1H ahead of the record's broker time "
                            + "2026-01-22T10:00:02Z");
            assertThat(ids(harness.records(TimedOrdersFixture.ADMITTED))).containsExactly(1L, 4L, 5L);
            if (decisions != null) {
                assertThat(deadLetters).isEqualTo(decisions);
            }
            decisions = deadLetters;
        }
    }

    private InputClocks.PartitionState.Status status() {
        return harness.streams().progress().query("q", DELAY, List.of("orders")).partitions()
                .get(new InputPartition("orders", 0)).status();
    }

    @Test
    void reportsProgressSinceTheLastReport() {
        local(List.of(TUMBLING_5M));
        order(1, "10:00:30");
        order(2, "10:10:00");
        order(3, "10:01:00");
        ProgressReport first = harness.streams().progress().report(Instant.parse("2031-01-01T00:00:10Z"));
        order(4, "10:11:00");
        ProgressReport second = harness.streams().progress().report(Instant.parse("2031-01-01T00:00:20Z"));

        QueryReport q1 = first.query("q");
        assertThat(q1.inputRows()).isEqualTo(3);
        assertThat(q1.lateRows()).isEqualTo(1);
        assertThat(q1.lateRowsByCause()).containsEntry("partition-watermark", 1L).containsEntry("idle-partition", 0L);
        assertThat(q1.eventTime().min()).isEqualTo("2026-01-22T10:00:30Z");
        assertThat(q1.eventTime().max()).isEqualTo("2026-01-22T10:10:00Z");
        assertThat(q1.eventTime().avg()).isEqualTo("2026-01-22T10:03:50Z");
        assertThat(q1.eventTime().watermark()).isEqualTo("2026-01-22T10:07:00Z");
        assertThat(q1.eventTime().newest()).isEqualTo("2026-01-22T10:10:00Z");
        assertThat(q1.eventTime().watermarkLagSeconds()).isEqualTo(180.0);
        assertThat(q1.inputPartitions()).containsExactly(
                new PartitionReport("orders-0", Instant.parse("2026-01-22T10:07:00Z"), 180.0, "active", true));
        QueryReport q2 = second.query("q");
        assertThat(q2.inputRows()).isEqualTo(1);
        assertThat(q2.lateRows()).isZero();
        assertThat(q2.inputRowsPerSecond()).isEqualTo(0.1);
        assertThat(q2.eventTime().watermark()).isEqualTo("2026-01-22T10:08:00Z");
        assertThat(q2.totals().inputRows()).isEqualTo(4);
        assertThat(q2.watermarkByTask()).containsEntry("0_0", Instant.parse("2026-01-22T10:08:00Z"));
    }

    @Test
    void namesEveryPartAfterTheStep() {
        local(List.of(TUMBLING_5M));
        String described = TimedOrdersFixture.repartitioned(TestStreams.forDriver("names").builder(),
                TestStreams.topics(), List.of(TUMBLING_5M), true).describe().toString();

        assertThat(described)
                .contains("Processor: orders-source-clock (stores: [orders-watermarks, "
                        + "orders-watermarks-before-commit])")
                .contains("orders-lateness-late", "orders-lateness-on-time",
                        "Sink: orders-late-sink (topic: fixture-late)")
                .contains("Processor: orders-by-customer-key", "topic: orders-by-customer-repartition")
                .contains("Processor: orders-by-customer-frontier (stores: [orders-by-customer-watermarks, "
                        + "orders-by-customer-watermarks-before-commit])")
                .contains("Processor: orders-by-customer-event-time-order (stores: "
                        + "[orders-by-customer-release-buffer, orders-by-customer-watermarks])");
    }

    private void local(List<QueryLateness> queries) {
        TestStreams streams = TestStreams.forDriver("source-clock-test");
        harness = new StreamsHarness(TimedOrdersFixture.local(streams.builder(), TestStreams.topics(), queries),
                streams);
    }

    private void order(long id, String time) {
        harness.pipe(TimedOrdersFixture.INPUT, Long.toString(id), "{\"order_id\":" + id
                + ",\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    /** An order of event time {@code eventTime} appended by the broker at {@code brokerTime}. */
    private void orderAt(long id, Instant eventTime, Instant brokerTime) {
        harness.pipeAt(TimedOrdersFixture.INPUT, Long.toString(id), "{\"order_id\":" + id
                + ",\"customer_id\":1,\"amount\":1,\"order_ts\":\"" + eventTime + "\"}", brokerTime);
    }

    private List<String> signals() {
        return harness.records(TimedOrdersFixture.SIGNALS).stream().map(OutputRecord::value).toList();
    }

    private static List<Long> ids(List<OutputRecord> records) {
        return records.stream().map(OutputRecord::orderId).toList();
    }
}
