package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.LateRecordHeaders;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Exact output sequences of the window topology. Stream time only moves when a later order arrives; the wall clock
 * only lets commit intervals pass: {@link #nextUpdateRows} lets the source send its partial sums (the driver hands
 * them to the windows after the interval's timers have run) and then the windows write the changed windows' update
 * rows.
 */
class OrderWindowTopologyTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final Duration GRACE = Duration.ofMinutes(3);

    private StreamsHarness harness;

    @AfterEach
    void stop() {
        if (harness != null) {
            harness.close();
        }
    }

    @Test
    void updateModeWritesEachCommitsChangesAndAppendModeOneRowOnceTheWindowIsFinal() {
        start(List.of(WindowQuery.tumbling("q", FIVE, GRACE, "updates", "finals")));

        order(1, 1, "12.50", "10:00:30");
        nextUpdateRows();
        order(2, 2, "8.00", "10:01:10");
        nextUpdateRows();
        order(3, 1, "20.00", "10:07:59");   // watermark 10:04:59: [10:00,10:05) still open
        nextUpdateRows();
        assertThat(harness.records("finals")).isEmpty();
        order(4, 3, "1.00", "10:08:00");    // watermark 10:05:00 = end of [10:00,10:05): final

        assertThat(rows(harness.records("updates"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 12.50",
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 2 20.50",
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 1 20.00",
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 2 21.00");
        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 2 20.50");
        assertThat(harness.records("finals").get(0).value()).isEqualTo("{\"window_start\":\"2026-01-22T10:00:00Z\","
                + "\"window_end\":\"2026-01-22T10:05:00Z\",\"orders\":2,\"total\":20.50}");
    }

    @Test
    void aRecordExactlyAtTheWatermarkIsCountedAndOneMillisecondOlderIsNot() {
        start(List.of(WindowQuery.tumbling("q", FIVE, GRACE, "updates", "finals")));

        order(1, 1, "1.00", "10:08:00");      // watermark 10:05:00
        order(2, 1, "1.00", "10:05:00");      // exactly at the watermark, window [10:05,10:10) open: counted
        order(3, 1, "1.00", "10:04:59.999");  // [10:00,10:05) ended at the watermark: final, refused
        order(4, 1, "1.00", "10:20:00");      // closes [10:05,10:10)

        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 2 2.00");
        List<OutputRecord> late = harness.records("orders-service-late");
        assertThat(late).extracting(OutputRecord::orderId).containsExactly(3L);
        assertThat(late.get(0).headers())
                .containsEntry(LateRecordHeaders.QUERY, "q")
                .containsEntry(LateRecordHeaders.WATERMARK, "2026-01-22T10:05:00Z")
                .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
    }

    @Test
    void aHoppingWindowRefusesALateRecordWhileTheNextWindowCountsIt() {
        start(List.of(WindowQuery.hopping("h", Duration.ofMinutes(10), FIVE, GRACE, null, "finals")));

        order(1, 1, "1.00", "10:10:00");    // watermark 10:07: [09:55,10:05) final
        order(2, 1, "2.00", "10:03:00");    // refused by [09:55,10:05), counted in [10:00,10:10)
        order(3, 1, "4.00", "10:30:00");    // closes everything before

        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z 1 2.00",
                "2026-01-22T10:05:00Z/2026-01-22T10:15:00Z 1 1.00",
                "2026-01-22T10:10:00Z/2026-01-22T10:20:00Z 1 1.00");
        List<OutputRecord> late = harness.records("orders-service-late");
        assertThat(late).extracting(OutputRecord::orderId).containsExactly(2L);
        assertThat(late.get(0).headers())
                .containsEntry(LateRecordHeaders.REFUSED, "some")
                .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z");
        assertThat(harness.streams().progress().query("h", GRACE, List.of("orders")).refusedWindows()).isEqualTo(1);
        assertThat(harness.streams().progress().query("h", GRACE, List.of("orders")).lateRows()).isZero();
    }

    @Test
    void aGroupedQueryKeysWindowsByGroup() {
        start(List.of(new WindowQuery("by-customer", FIVE, FIVE, GRACE, GroupBy.CUSTOMER_ID, "updates", null,
                null)));

        order(1, 7, "1.00", "10:00:00");
        nextUpdateRows();
        order(2, 8, "2.00", "10:01:00");
        nextUpdateRows();
        order(3, 7, "3.00", "10:02:00");
        nextUpdateRows();

        assertThat(rows(harness.records("updates"))).containsExactly(
                "7@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 1.00",
                "8@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 2.00",
                "7@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 2 4.00");
    }

    @Test
    void totalsAreExactDecimals() {
        start(List.of(WindowQuery.tumbling("q", FIVE, GRACE, "updates", null)));

        order(1, 1, "0.10", "10:00:00");
        order(2, 1, "0.20", "10:00:01");
        order(3, 1, "999999999999999.99", "10:00:02");
        nextUpdateRows();

        assertThat(rows(harness.records("updates"))).last()
                .isEqualTo("2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 3 1000000000000000.29");
    }

    @Test
    void changesWithinOneCommitIntervalCoalesceIntoOneUpdateRowAndTheLastOnePrecedesTheFinalRow() {
        start(List.of(WindowQuery.tumbling("q", FIVE, GRACE, "updates", "finals")));

        order(1, 1, "1.00", "10:00:00");    // the first rows after a start: every open window's
        nextUpdateRows();
        order(2, 1, "2.00", "10:00:10");
        order(3, 1, "4.00", "10:00:20");
        order(4, 1, "8.00", "10:00:30");
        assertThat(harness.records("updates")).hasSize(1);
        nextUpdateRows();
        order(5, 1, "16.00", "10:01:00");
        order(6, 1, "32.00", "10:08:00");   // makes [10:00,10:05) final before the commit interval has passed

        assertThat(rows(harness.records("updates"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 1.00",
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 4 15.00",
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 5 31.00",
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 1 32.00");
        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 5 31.00");
    }

    @Test
    void theOpenPartialSumsAreInTheirStoreAtEveryCommitThoughOrdersOnlyChangeMemory() {
        start(List.of(WindowQuery.tumbling("q", FIVE, GRACE, null, "finals")));

        order(1, 1, "12.50", "10:00:30");   // the partition's first clock: crosses as itself
        order(2, 2, "8.00", "10:01:10");
        assertThat(openPartials()).containsExactly("10:00 1 orders 8.00");
        order(3, 1, "2.00", "10:01:20");
        // the driver commits after each record, as a stream thread every commit interval: the row written just before
        assertThat(openPartials()).containsExactly("10:00 2 orders 10.00");

        order(4, 3, "1.00", "10:09:00");    // the clock may close [10:00,10:05): the partial goes first, then it
        assertThat(openPartials()).isEmpty();
        order(5, 3, "1.00", "10:09:30");
        assertThat(openPartials()).containsExactly("10:05 1 orders 1.00");
    }

    /**
     * {@code allowed-lateness}: a final window takes orders until the watermark reaches its end + the lateness, each
     * writing its final row again with the next revision; past it, the late topic as before.
     */
    @Nested
    class AllowedLateness {

        private static final Duration TWO = Duration.ofMinutes(2);

        @Test
        void anOrderWithinTheAllowedLatenessRevisesTheFinalRowAndOnePastItIsLate() {
            start(List.of(new WindowQuery("q", FIVE, FIVE, GRACE, null, "updates", "finals", null, TWO)));

            order(1, 1, "1.00", "10:00:30");
            order(2, 1, "2.00", "10:08:00");   // watermark 10:05: [10:00,10:05) final, revision 1
            order(3, 1, "4.00", "10:04:00");   // within 10:07: revision 2
            order(4, 1, "8.00", "10:09:00");   // watermark 10:06
            order(5, 1, "16.00", "10:04:30");  // revision 3
            order(6, 1, "32.00", "10:10:00");  // watermark 10:07 = 10:05 + 2m: the window refuses orders
            order(7, 1, "64.00", "10:04:59");  // late

            assertThat(revisions(harness.records("finals"))).containsExactly(
                    "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 1.00 r1",
                    "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 2 5.00 r2",
                    "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 3 21.00 r3");
            assertThat(harness.records("finals").get(1).value()).isEqualTo("{\"window_start\":"
                    + "\"2026-01-22T10:00:00Z\",\"window_end\":\"2026-01-22T10:05:00Z\",\"orders\":2,"
                    + "\"total\":5.00,\"revision\":2}");
            assertThat(rows(harness.records("updates"))).as("each revision has its update row")
                    .contains("2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 2 5.00",
                            "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 3 21.00");
            assertThat(harness.records("updates")).extracting(OutputRecord::value)
                    .allSatisfy(value -> assertThat(value).doesNotContain("revision"));
            List<OutputRecord> late = harness.records("orders-service-late");
            assertThat(late).extracting(OutputRecord::orderId).containsExactly(7L);
            assertThat(late.get(0).headers())
                    .containsEntry(LateRecordHeaders.WATERMARK, "2026-01-22T10:07:00Z")
                    .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
        }

        @Test
        void aHoppingOrderRevisesTheFinalWindowsWithinTheLatenessAndCountsInTheOpenOnes() {
            start(List.of(new WindowQuery("h", Duration.ofMinutes(10), FIVE, GRACE, null, null, "finals", null,
                    Duration.ofMinutes(1))));

            order(1, 1, "1.00", "10:02:00");
            order(2, 1, "4.00", "10:08:30");   // watermark 10:05:30: [09:55,10:05) final
            order(3, 1, "2.00", "10:04:00");   // revises [09:55,10:05) (until 10:06), counts in [10:00,10:10)
            order(4, 1, "8.00", "10:10:00");   // watermark 10:07
            order(5, 1, "16.00", "10:03:00");  // [09:55,10:05) refuses it, [10:00,10:10) counts it
            order(6, 1, "32.00", "10:30:00");  // watermark 10:27

            assertThat(revisions(harness.records("finals"))).containsExactly(
                    "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z 1 1.00 r1",
                    "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z 2 3.00 r2",
                    "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z 4 23.00 r1",
                    "2026-01-22T10:05:00Z/2026-01-22T10:15:00Z 2 12.00 r1",
                    "2026-01-22T10:10:00Z/2026-01-22T10:20:00Z 1 8.00 r1");
            List<OutputRecord> late = harness.records("orders-service-late");
            assertThat(late).extracting(OutputRecord::orderId).containsExactly(5L);
            assertThat(late.get(0).headers())
                    .containsEntry(LateRecordHeaders.REFUSED, "some")
                    .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z");
        }

        @Test
        void aGroupedQueryRevisesOnlyTheLateOrdersGroupAndAGroupWithoutOrdersGetsItsFirstFinal() {
            start(List.of(new WindowQuery("by-customer", FIVE, FIVE, GRACE, GroupBy.CUSTOMER_ID, null, "finals",
                    null, TWO)));

            order(1, 7, "1.00", "10:01:00");
            order(2, 8, "2.00", "10:02:00");
            order(3, 7, "4.00", "10:08:00");   // watermark 10:05: both groups' [10:00,10:05) final
            order(4, 8, "8.00", "10:03:00");   // revises 8's
            order(5, 9, "16.00", "10:04:00");  // 9 had no order in it: its first final row, revision 1

            assertThat(revisions(harness.records("finals"))).containsExactly(
                    "7@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 1.00 r1",
                    "8@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 2.00 r1",
                    "8@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 2 10.00 r2",
                    "9@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 16.00 r1");
            assertThat(harness.records("orders-service-late")).isEmpty();
        }

        /** The revision of each final row after its count and total ({@code r-} when it has none). */
        private List<String> revisions(List<OutputRecord> records) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < records.size(); i++) {
                var revision = com.shopstream.scenario.CanonicalJson.tree(records.get(i).value()).get("revision");
                out.add(rows(records).get(i) + " r" + (revision == null ? "-" : revision.asInt()));
            }
            return out;
        }
    }

    /** The partials the combining step's store holds, by slice start. */
    private List<String> openPartials() {
        List<String> partials = new ArrayList<>();
        try (KeyValueIterator<Bytes, byte[]> rows = harness.driver().<Bytes, byte[]>getKeyValueStore(
                "orders-by-all-slices").all()) {
            rows.forEachRemaining(row -> OpenSlices.decode(OpenSlices.start(row.key), row.value).forEach(open ->
                    partials.add(Instant.ofEpochMilli(open.start()).toString().substring(11, 16) + " "
                            + open.partial().orders() + " orders " + open.partial().total().toPlainString())));
        }
        return partials;
    }

    /** Two commit intervals: the partials cross at the first, the windows write their update rows at the second. */
    private void nextUpdateRows() {
        harness.nextCommit();
        harness.nextCommit();
    }

    private void start(List<WindowQuery> queries) {
        TestStreams streams = TestStreams.forDriver("orders-service");
        harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(),
                OrderWindowConfigs.of(TestStreams.topics(), queries)), streams);
    }

    private void order(long id, long customer, String amount, String time) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":" + customer
                + ",\"amount\":" + amount + ",\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static List<String> rows(List<OutputRecord> records) {
        return records.stream().map(r -> {
            var value = com.shopstream.scenario.CanonicalJson.tree(r.value());
            return r.key() + " " + value.get("orders").asLong() + " " + value.get("total").decimalValue().toPlainString();
        }).toList();
    }
}
