package com.shopstream.session.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.EventBatches;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.scenario.CanonicalJson;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * Sessions and streaks behind the repartition, fed by hand what the repartition topic holds when {@code orders} has
 * two partitions: the same records of each partition, interleaved as a live run and as a skewed backlog read would
 * interleave them, give the same final sessions and the same streaks. A commit interval passes after each record, so
 * that the streaks' rows show every value of a record read alone (rows are coalesced per commit interval).
 */
class SessionPartitionsTest {

    private static final Instant WALL_CLOCK = Instant.parse("2031-01-01T00:00:00Z");
    private static final String REPARTITION = "session-service-orders-by-customer-repartition";

    /** orders-0: customer 1 at 10:00, then customer 9 far ahead; orders-1: customer 1 at 10:02:30 and 10:04:00. */
    private static final Piped A = event(1, 1, 0, "none", "10:00:00", "10:00:00", "12.00");
    private static final Piped X = event(2, 9, 0, "10:00:00", "10:20:00", "10:20:00", "12.00");
    private static final Piped B = event(3, 1, 1, "09:59:00", "10:02:30", "10:02:30", "5.00");
    private static final Piped C = event(4, 1, 1, "10:02:30", "10:04:00", "10:04:00", "12.00");
    private static final Piped R0 = report(0, "10:30:00");
    private static final Piped R1 = report(1, "10:30:00");
    private static final Piped EARLY_R1 = report(1, "09:59:00");

    @Test
    void aSkewedReadGivesTheSessionsAndStreaksOfALiveOne() {
        // live: the partitions' records interleaved about as they were written
        Outputs live = run(List.of(EARLY_R1, A, B, C, X, R0, R1));
        // backlog: orders-0 read far ahead of orders-1
        Outputs backlog = run(List.of(EARLY_R1, A, X, R0, B, C, R1));

        assertThat(live.finals()).containsExactlyInAnyOrder(
                "1@2026-01-22T10:00:00Z 10:00:00-10:07:00 3",
                "9@2026-01-22T10:20:00Z 10:20:00-10:23:00 1");
        assertThat(backlog.finals()).containsExactlyInAnyOrderElementsOf(live.finals());
        assertThat(backlog.streaks()).containsExactlyElementsOf(live.streaks());
        // in the order of the partitions' clocks: orders-1's order at 10:04 comes after orders-0's clock passed 10:00
        assertThat(live.streaks()).containsExactly("1:1", "1:0", "9:1", "1:1");
    }

    @Test
    void aBacklogReadInBatchesGivesTheSessionsAndStreaksOfALiveReadOneByOne() {
        Outputs live = run(List.of(EARLY_R1, A, B, C, X, R0, R1));
        // what the batcher sends while both readers are behind: a record per partition's run of orders
        Outputs batched = run(List.of(EARLY_R1, batch(0, A, X), R0, batch(1, B, C), R1));

        assertThat(batched.finals()).containsExactlyInAnyOrderElementsOf(live.finals());
        // a batch's orders are counted within one commit interval: its rows are coalesced, the values are the same
        assertThat(batched.latestStreaks()).isEqualTo(live.latestStreaks()).containsEntry(1L, 1L).hasSize(2);
    }

    @Test
    void anOrderSeesTheSessionsItsPartitionsWatermarkHadClosedEvenWhileAnotherPartitionLags() {
        Piped first = event(11, 1, 0, "none", "10:02:00", "10:02:00", "12.00");   // session [10:02, 10:05)
        Piped ahead = event(12, 9, 0, "10:02:00", "10:09:00", "10:09:00", "12.00");
        // orders-0's watermark is 10:06 before this one: the session of 10:02 is final, it starts a new one
        Piped after = event(13, 1, 0, "10:09:00", "10:09:00", "10:04:30", "12.00");
        Piped early = report(1, "10:00:00");
        Piped caughtUp = report(1, "10:10:00");
        Piped end = report(0, "10:30:00");
        Piped endOther = report(1, "10:30:00");

        Outputs live = run(List.of(early, first, ahead, caughtUp, after, end, endOther));
        Outputs backlog = run(List.of(early, first, ahead, after, end, caughtUp, endOther));

        assertThat(live.finals()).containsExactlyInAnyOrder(
                "1@2026-01-22T10:02:00Z 10:02:00-10:05:00 1",
                "1@2026-01-22T10:04:30Z 10:04:30-10:07:30 1",
                "9@2026-01-22T10:09:00Z 10:09:00-10:12:00 1");
        assertThat(backlog.finals()).containsExactlyInAnyOrderElementsOf(live.finals());
    }

    private record Piped(String key, Timed<Order> value) {
    }

    private record Outputs(List<String> finals, List<String> streaks) {

        /** Each customer's newest streak, as a table read from the update topic has it. */
        Map<Long, Long> latestStreaks() {
            Map<Long, Long> latest = new HashMap<>();
            streaks.forEach(row -> latest.put(Long.parseLong(row.split(":")[0]), Long.parseLong(row.split(":")[1])));
            return latest;
        }
    }

    private static Outputs run(List<Piped> records) {
        TestStreams streams = TestStreams.forDriver("session-service");
        try (StreamsHarness harness = new StreamsHarness(SessionTopology.build(streams.builder(),
                SessionConfigs.defaults()), streams, WALL_CLOCK)) {
            TimedSerde<Order> serde = new TimedSerde<>(Order.class);
            for (Piped piped : records) {
                harness.pipe(REPARTITION, piped.key().getBytes(StandardCharsets.UTF_8),
                        serde.serializer().serialize(REPARTITION, piped.value()), new RecordHeaders());
                harness.nextCommit();
            }
            List<String> finals = new ArrayList<>();
            for (OutputRecord record : harness.records("customer-sessions-final")) {
                var value = CanonicalJson.tree(record.value());
                finals.add(record.key() + " " + value.get("session_start").asString().substring(11, 19) + "-"
                        + value.get("session_end").asString().substring(11, 19) + " " + value.get("orders").asLong());
            }
            List<String> streaks = new ArrayList<>();
            for (OutputRecord record : harness.records("customer-streaks")) {
                var value = CanonicalJson.tree(record.value());
                streaks.add(value.get("customer_id").asLong() + ":" + value.get("streak").asLong());
            }
            return new Outputs(finals, streaks);
        }
    }

    private static Piped event(long id, long customer, int partition, String before, String after, String orderTs,
                               String amount) {
        Order order = new Order(id, customer, new BigDecimal(amount), Instant.parse("2026-01-22T" + orderTs + "Z"));
        return new Piped(Long.toString(customer), new Timed.Event<>(order, new InputPartition("orders", partition), 2,
                ms(before), ms(after)));
    }

    /** One batch of a partition's orders, for partition 0 of the one-partition repartition topic of the driver. */
    private static Piped batch(int partition, Piped... events) {
        byte[] batch = EventBatches.start(new InputPartition("orders", partition), 2, 1, partition);
        for (Piped piped : events) {
            Timed.Event<Order> event = (Timed.Event<Order>) piped.value();
            batch = EventBatches.append(batch, piped.key(), event.event().eventTimeMillis(), new RecordHeaders(),
                    event);
        }
        return new Piped("", EventBatches.batch(batch, 0));
    }

    private static Piped report(int partition, String newest) {
        return new Piped("", new Timed.Report<>(new InputPartition("orders", partition), 2, ms(newest), false,
                WALL_CLOCK.toEpochMilli()));
    }
}
