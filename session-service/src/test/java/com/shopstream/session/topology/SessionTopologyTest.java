package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.scenario.CanonicalJson;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Exact output sequences of sessions; stream time moves only with later orders. Gap and delay: 3 minutes. Update rows
 * are written once per commit interval ({@code nextCommit}), before a session's final row, and at once for a merge.
 */
class SessionTopologyTest {

    @AutoClose
    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("session-service");
        harness = new StreamsHarness(SessionTopology.build(streams.builder(),
                SessionConfigs.defaults()), streams);
    }

    @Test
    void aLateOrderInsideTheGraceJoinsTwoSessionsAndTheUpdateTopicTombstonesTheAbsorbedOne() {
        order(1, 1, "10:00:00");   // session A [10:00, 10:03)
        harness.nextCommit();
        order(2, 1, "10:05:00");   // session B [10:05, 10:08): 2 min after A's end
        harness.nextCommit();
        order(3, 1, "10:02:30");   // late but on time (watermark 10:02): touches both, A absorbs B

        assertThat(rows(harness.records("customer-sessions"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:03:00 1",
                "1@2026-01-22T10:05:00Z 10:05:00-10:08:00 1",
                "1@2026-01-22T10:05:00Z tombstone",
                "1@2026-01-22T10:00:00Z 10:00:00-10:08:00 3");

        order(4, 2, "10:11:00");   // watermark 10:08: the merged session is final
        assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:08:00 3");
    }

    @Test
    void anOrderExactlyAGapAfterTheLastJoinsTheSession() {
        order(1, 1, "10:00:00");
        order(2, 1, "10:03:00");
        harness.nextCommit();

        assertThat(rows(harness.records("customer-sessions"))).last()
                .isEqualTo("1@2026-01-22T10:00:00Z 10:00:00-10:06:00 2");
    }

    @Test
    void aSessionEndingExactlyAtTheWatermarkIsFinalAndAnOrderAfterItStartsANewOne() {
        order(1, 1, "10:00:00");   // [10:00, 10:03)
        order(2, 2, "10:06:00");   // watermark 10:03 = the session's end: final
        assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:03:00 1");

        order(3, 1, "10:02:59");   // its own interval ends 10:05:59 > 10:03: on time, but the session is closed
        harness.nextCommit();
        assertThat(rows(harness.records("customer-sessions"))).last()
                .isEqualTo("1@2026-01-22T10:02:59Z 10:02:59-10:05:59 1");
        order(4, 1, "10:00:00");   // its interval ends 10:03:00 <= watermark 10:03: too late
        assertThat(harness.records("session-service-late")).extracting(OutputRecord::orderId).containsExactly(4L);
    }

    @Test
    void aSessionThatGrowsOrderByOrderIsFinalWhenTheWatermarkPassesItsEnd() {
        for (int minute = 0; minute <= 20; minute++) {
            order(minute + 1, 1, String.format("10:%02d:00", minute));   // watermark 10:17 at the last
        }
        assertThat(harness.records("customer-sessions-final")).isEmpty();

        order(30, 2, "10:25:59");   // watermark 10:22:59: not yet
        assertThat(harness.records("customer-sessions-final")).isEmpty();
        order(31, 2, "10:26:00");   // watermark 10:23 = its end
        assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:23:00 21");
    }

    @Test
    void changesWithinACommitIntervalGiveOneUpdateRowWrittenBeforeTheFinalRow() {
        order(1, 1, "10:00:00");
        order(2, 1, "10:01:00");
        order(3, 1, "10:02:00");   // [10:00, 10:05)
        assertThat(harness.records("customer-sessions")).as("held until the commit interval has passed").isEmpty();

        order(4, 2, "10:08:00");   // watermark 10:05: final before the commit interval has passed
        assertThat(rows(harness.records("customer-sessions"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:05:00 3");
        assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:05:00 3");

        harness.nextCommit();
        assertThat(rows(harness.records("customer-sessions"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:05:00 3",
                "2@2026-01-22T10:08:00Z 10:08:00-10:11:00 1");
        harness.nextCommit();
        assertThat(harness.records("customer-sessions")).as("nothing changed since").hasSize(2);
    }

    @Test
    void aMergeWritesItsTombstoneAndTheMergedRowAtOnceInsteadOfTheHeldRows() {
        order(1, 1, "10:00:00");   // A, held
        order(2, 1, "10:05:00");   // B, held
        order(3, 1, "10:02:30");   // A absorbs B

        assertThat(rows(harness.records("customer-sessions"))).containsExactly(
                "1@2026-01-22T10:05:00Z tombstone",
                "1@2026-01-22T10:00:00Z 10:00:00-10:08:00 3");
        harness.nextCommit();
        assertThat(harness.records("customer-sessions")).as("the held rows of A and B are gone").hasSize(2);
    }

    @Test
    void theOpenSessionsAndStreaksAreInTheirStoresAtEveryCommit() {
        // the processors keep them in memory between commits (WriteBehindStore); the driver commits after each record
        order(1, 1, "10:00:00");
        order(2, 1, "10:02:00");
        assertThat(openSessions("1")).extracting(OpenSession::orders).containsExactly(2L);
        assertThat(streak("1")).isNotNull();

        order(3, 2, "10:20:00");   // watermark 10:17: customer 1's session is final
        order(4, 1, "10:21:00");
        assertThat(openSessions("1")).extracting(OpenSession::first, OpenSession::orders)
                .containsExactly(tuple(at("10:21:00"), 1L));
        assertThat(openSessions("2")).hasSize(1);
    }

    /**
     * {@code allowed-lateness} (2 minutes here): a final session is kept until the watermark reaches its end + 2 min,
     * and an order its partition admits (until its own interval's end + 2 min) merges with it, final or not.
     */
    @Nested
    class AllowedLateness {

        @BeforeEach
        void lenient() {
            harness.close();
            TestStreams streams = TestStreams.forDriver("session-service");
            harness = new StreamsHarness(SessionTopology.build(streams.builder(),
                    SessionConfigs.with(Map.of("shopstream.session.allowed-lateness", "2m"))), streams);
        }

        @Test
        void ordersWithinTheLatenessReviseTheFinalSessionTheyTouchAndOnePastItIsLate() {
            order(1, 1, "10:00:00");   // [10:00, 10:03)
            order(2, 2, "10:06:00");   // watermark 10:03: final, revision 1
            order(3, 1, "09:59:00");   // 09:59 + 3 + 2 min > 10:03: joins it, which now starts at 09:59 and ends
                                       // at 10:03, behind the watermark: revision 2 at once, the old key tombstoned
            order(4, 1, "10:02:00");   // joins it: [09:59, 10:05), open again (ends after the watermark)
            order(5, 2, "10:08:00");   // watermark 10:05: final again, revision 3; kept until 10:05 + 3 + 2 min
            order(6, 2, "10:12:00");   // watermark 10:09
            order(7, 1, "10:04:30");   // joins it: ends 10:07:30, behind the watermark: revision 4 at once
            order(8, 1, "10:03:00");   // 10:03 + 3 + 2 min <= 10:09: late

            assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                    "1@2026-01-22T10:00:00Z 10:00:00-10:03:00 1 r1",
                    "1@2026-01-22T10:00:00Z tombstone",
                    "1@2026-01-22T09:59:00Z 09:59:00-10:03:00 2 r2",
                    "1@2026-01-22T09:59:00Z 09:59:00-10:05:00 3 r3",
                    "1@2026-01-22T09:59:00Z 09:59:00-10:07:30 4 r4");
            assertThat(harness.records("session-service-late")).extracting(OutputRecord::orderId)
                    .containsExactly(8L);
            assertThat(openSessions("1")).as("kept until the watermark reaches 10:12:30")
                    .extracting(OpenSession::first, OpenSession::revision, OpenSession::finalWritten)
                    .containsExactly(tuple(at("09:59:00"), 4, true));

            order(9, 2, "10:15:30");   // watermark 10:12:30
            assertThat(openSessions("1")).isNull();
        }

        @Test
        void theStoreKeepsAFinalSessionOnlyWhileAnOrderItsPartitionAdmitsCouldTouchIt() {
            java.util.Random random = new java.util.Random(7);
            long newest = at("10:00:00");
            for (int id = 1; id <= 400; id++) {
                newest += random.nextInt(20) * 1_000L;
                long orderTs = newest - (random.nextInt(5) == 0 ? random.nextInt(400) * 1_000L : 0);
                order(id, 1 + random.nextInt(20), Instant.ofEpochMilli(orderTs).toString().substring(11, 19));
            }
            long watermark = newest - java.time.Duration.ofMinutes(3).toMillis();
            long gap = java.time.Duration.ofMinutes(3).toMillis();
            long lateness = java.time.Duration.ofMinutes(2).toMillis();

            List<OpenSession> stored = new java.util.ArrayList<>();
            try (var all = harness.driver().<String, List<OpenSession>>getKeyValueStore("customer-sessions-open")
                    .all()) {
                all.forEachRemaining(customer -> stored.addAll(customer.value));
            }
            assertThat(stored).as("open sessions end after the watermark, final ones are kept only until "
                    + "end + gap + lateness").allSatisfy(session -> assertThat(session.finalWritten()
                            ? session.end(gap) + gap + lateness : session.end(gap)).isGreaterThan(watermark))
                    .anySatisfy(session -> assertThat(session.finalWritten()).isTrue());
            assertThat(harness.records("customer-sessions-final")).hasSizeGreaterThan(20);
        }

        @Test
        void anOnTimeOrderTouchingAFinalSessionJoinsItInsteadOfStartingAnother() {
            order(1, 1, "10:00:00");   // [10:00, 10:03)
            order(2, 2, "10:06:00");   // watermark 10:03: final
            order(3, 1, "10:02:59");   // on time even without lateness (ends 10:05:59): joins the kept session
            order(4, 2, "10:20:00");   // watermark 10:17

            assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                    "1@2026-01-22T10:00:00Z 10:00:00-10:03:00 1 r1",
                    "1@2026-01-22T10:00:00Z 10:00:00-10:05:59 2 r2",
                    "2@2026-01-22T10:06:00Z 10:06:00-10:09:00 1 r1");
            assertThat(openSessions("1")).as("gone once the watermark passed 10:05:59 + 3 + 2 min").isNull();
        }
    }

    private List<OpenSession> openSessions(String customer) {
        return harness.driver().<String, List<OpenSession>>getKeyValueStore("customer-sessions-open").get(customer);
    }

    private StreakState streak(String customer) {
        return harness.driver().<String, StreakState>getKeyValueStore("customer-streaks-state").get(customer);
    }

    private static long at(String time) {
        return Instant.parse("2026-01-22T" + time + "Z").toEpochMilli();
    }

    @Test
    void storeAndInternalTopicNamesArePinned() {
        TopologyDescription description = SessionTopology.build(TestStreams.forDriver("names").builder(),
                SessionConfigs.defaults()).describe();
        assertThat(TopologyNames.stores(description)).containsExactly(
                "customer-sessions-open", "customer-sessions-open-before-commit",
                "customer-streaks-state", "customer-streaks-state-before-commit", "orders-by-customer-batches",
                "orders-by-customer-batches-before-commit", "orders-by-customer-release-buffer",
                "orders-by-customer-watermarks", "orders-by-customer-watermarks-before-commit", "orders-watermarks",
                "orders-watermarks-before-commit");
        assertThat(TopologyNames.topics(description)).containsExactly("customer-sessions", "customer-sessions-final",
                "customer-streaks", "orders", "orders-by-customer-repartition", "session-service-late");
    }

    private void order(long id, long customer, String time) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":" + customer
                + ",\"amount\":10,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static List<String> rows(List<OutputRecord> records) {
        return records.stream().map(r -> {
            if (r.value() == null) {
                return r.key() + " tombstone";
            }
            var value = CanonicalJson.tree(r.value());
            var revision = value.get("revision");
            return r.key() + " " + value.get("session_start").asString().substring(11, 19) + "-"
                    + value.get("session_end").asString().substring(11, 19) + " " + value.get("orders").asLong()
                    + (revision == null ? "" : " r" + revision.asInt());
        }).toList();
    }
}
