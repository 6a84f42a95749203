package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.progress.ProgressReport;
import com.shopstream.common.progress.QueryReport;
import com.shopstream.common.testing.GuardedOrdersFixture;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.Topology;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The event-time step in a topology, through TopologyTestDriver; stream time only moves with later events. */
class EventTimeGuardTest {

    private static final WatermarkSpec TUMBLING_5M = new WatermarkSpec("q", Duration.ofMinutes(3),
            new TimeWindowLateness(Duration.ofMinutes(5), Duration.ofMinutes(5)), List.of("orders"));

    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("guard-test");
        Topology topology = GuardedOrdersFixture.build(streams.builder(), TestStreams.topics(), TUMBLING_5M);
        harness = new StreamsHarness(topology, streams);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void admitsRecordsWhoseWindowIsOpenAndRoutesTheOthersToTheLateTopic() {
        order(1, "10:00:30");
        order(2, "10:10:00");   // watermark 10:07: [10:00,10:05) is final
        order(3, "10:04:59");   // too late
        order(4, "10:05:00");   // [10:05,10:10) still open

        assertThat(ids(harness.records(GuardedOrdersFixture.ADMITTED))).containsExactly(1L, 2L, 4L);
        List<OutputRecord> late = harness.records(GuardedOrdersFixture.LATE);
        assertThat(ids(late)).containsExactly(3L);
        assertThat(late.get(0).headers())
                .containsEntry(LateRecordHeaders.QUERY, "q")
                .containsEntry(LateRecordHeaders.WATERMARK, "2026-01-22T10:07:00Z")
                .containsEntry(LateRecordHeaders.EVENT_TIME, "2026-01-22T10:04:59Z")
                .containsEntry(LateRecordHeaders.REFUSED, "all")
                .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
        assertThat(late.get(0).value())
                .isEqualTo("{\"order_id\":3,\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:04:59Z\"}");
    }

    @Test
    void aWindowEndingExactlyAtTheWatermarkIsFinal() {
        order(1, "10:08:00");   // watermark 10:05:00 = end of [10:00,10:05)
        order(2, "10:04:59.999");
        order(3, "10:05:00");

        assertThat(ids(harness.records(GuardedOrdersFixture.LATE))).containsExactly(2L);
        assertThat(ids(harness.records(GuardedOrdersFixture.ADMITTED))).containsExactly(1L, 3L);
    }

    @Test
    void theWatermarkNeverGoesDown() {
        order(1, "10:10:00");   // watermark 10:07
        order(2, "10:00:00");   // late; must not pull the watermark back
        order(3, "10:01:00");   // still late: [10:00,10:05) stays final

        assertThat(ids(harness.records(GuardedOrdersFixture.LATE))).containsExactly(2L, 3L);
        assertThat(harness.streams().progress().query("q", Duration.ofMinutes(3), List.of("orders")).watermark())
                .hasValue(Instant.parse("2026-01-22T10:07:00Z").toEpochMilli());
    }

    @Test
    void reportsProgressSinceTheLastReport() {
        order(1, "10:00:30");
        order(2, "10:10:00");
        order(3, "10:01:00");
        ProgressReport first = harness.streams().progress().report(Instant.parse("2031-01-01T00:00:10Z"));
        order(4, "10:11:00");
        ProgressReport second = harness.streams().progress().report(Instant.parse("2031-01-01T00:00:20Z"));

        QueryReport q1 = first.query("q");
        assertThat(q1.inputRows()).isEqualTo(3);
        assertThat(q1.lateRows()).isEqualTo(1);
        assertThat(q1.eventTime().min()).isEqualTo("2026-01-22T10:00:30Z");
        assertThat(q1.eventTime().max()).isEqualTo("2026-01-22T10:10:00Z");
        assertThat(q1.eventTime().avg()).isEqualTo("2026-01-22T10:03:50Z");
        assertThat(q1.eventTime().watermark()).isEqualTo("2026-01-22T10:07:00Z");
        QueryReport q2 = second.query("q");
        assertThat(q2.inputRows()).isEqualTo(1);
        assertThat(q2.lateRows()).isZero();
        assertThat(q2.inputRowsPerSecond()).isEqualTo(0.1);
        assertThat(q2.eventTime().watermark()).isEqualTo("2026-01-22T10:08:00Z");
        assertThat(q2.totals().inputRows()).isEqualTo(4);
        assertThat(q2.watermarkByTask()).containsEntry("0_0", Instant.parse("2026-01-22T10:08:00Z"));
    }

    @Test
    void namesEveryPartAfterTheQuery() {
        String described = harness.driver().producedTopicNames().toString()
                + GuardedOrdersFixture.build(TestStreams.forDriver("names").builder(), TestStreams.topics(),
                        TUMBLING_5M).describe();

        assertThat(described)
                .contains("Processor: q-event-time-guard (stores: [q-watermark])")
                .contains("q-lateness-late", "q-lateness-on-time", "Sink: q-late-sink (topic: fixture-late)");
    }

    private void order(long id, String time) {
        harness.pipe(GuardedOrdersFixture.INPUT, Long.toString(id), "{\"order_id\":" + id
                + ",\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static List<Long> ids(List<OutputRecord> records) {
        return records.stream().map(OutputRecord::orderId).toList();
    }
}
