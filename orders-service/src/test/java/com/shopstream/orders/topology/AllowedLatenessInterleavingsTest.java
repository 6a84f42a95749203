package com.shopstream.orders.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.ResultKeys;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.testing.Interleavings;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.TimeWindowLateness;
import com.shopstream.scenario.CanonicalJson;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

/**
 * Replay = live with an allowed lateness: the same reads of three partitions (out of order, some orders behind
 * their partition's watermark but within the lateness, some past it), fed in different interleavings — round robin
 * (the windows become final early and late orders revise them), one partition after the other (a backlog read at
 * skewed speeds: nothing is final until the last partition is read) and at random. Which revisions a window gets
 * depends on the interleaving; its last revision does not: it holds exactly the orders the rule admits for each
 * order's own partition, computed here from the reads alone.
 */
class AllowedLatenessInterleavingsTest {

    private static final Instant WALL_CLOCK = Instant.parse("2031-01-01T00:00:00Z");
    private static final String REPARTITION = "orders-service-orders-by-all-repartition";
    private static final Duration SIZE = Duration.ofMinutes(10);
    private static final Duration ADVANCE = Duration.ofMinutes(5);
    private static final Duration GRACE = Duration.ofMinutes(3);
    private static final Duration LATENESS = Duration.ofMinutes(4);
    private static final WindowQuery QUERY = new WindowQuery("h", SIZE, ADVANCE, GRACE, null, null, "finals", null,
            LATENESS);
    private static final TimeWindowLateness RULE = new TimeWindowLateness(SIZE, ADVANCE, LATENESS);

    @Test
    void theLastRevisionOfEveryWindowHoldsWhatItsOrdersPartitionsAdmittedHoweverTheyInterleave() {
        int revisions = 0;
        for (long seed = 1; seed <= 8; seed++) {
            List<List<Timed<Order>>> partitions = reads(new Random(seed));
            Map<String, String> expected = admitted(partitions);

            List<OutputRecord> roundRobin = run(Interleavings.roundRobin(partitions));
            List<OutputRecord> onePartitionAfterTheOther = run(partitions.stream().flatMap(List::stream).toList());
            List<OutputRecord> random = run(Interleavings.randomly(partitions, new Random(-seed)));

            assertThat(last(roundRobin)).as("seed " + seed + ", round robin").isEqualTo(expected);
            assertThat(last(onePartitionAfterTheOther)).as("seed " + seed + ", one partition after the other")
                    .isEqualTo(expected);
            assertThat(last(random)).as("seed " + seed + ", at random").isEqualTo(expected);
            revisions += roundRobin.size() - expected.size();
        }
        assertThat(revisions).as("round robin makes windows final before orders within their lateness").isPositive();
    }

    /**
     * Each partition's reads: orders, a quarter of them up to 10 minutes behind (those its watermark refuses in every
     * window left out), then a report that takes its clock past every window.
     */
    private static List<List<Timed<Order>>> reads(Random random) {
        List<List<Timed<Order>>> partitions = new ArrayList<>();
        long id = 1;
        for (int p = 0; p < 3; p++) {
            InputPartition partition = new InputPartition("orders", p);
            List<Timed<Order>> read = new ArrayList<>();
            long newest = InputClocks.NONE;
            long time = ms("10:00:00") + random.nextInt(60_000);
            for (int i = 0; i < 80; i++) {
                time += random.nextInt(30_000);
                long eventTime = time - (random.nextInt(4) == 0 ? random.nextInt(600_000) : 0);
                if (RULE.refusal(eventTime, watermark(newest)).all()) {
                    continue;   // the source step sends it to the late topic, not through the repartition
                }
                long after = Math.max(newest, eventTime);
                Order order = new Order(id++, 1, new BigDecimal(random.nextInt(10_000)).movePointLeft(2),
                        Instant.ofEpochMilli(eventTime));
                read.add(new Timed.Event<>(order, partition, 3, newest, after));
                newest = after;
            }
            read.add(new Timed.Report<>(partition, 3, ms("12:00:00"), false, WALL_CLOCK.toEpochMilli()));
            partitions.add(read);
        }
        return partitions;
    }

    /** Every window's orders and total as the rule admits each order for its own partition's watermark. */
    private static Map<String, String> admitted(List<List<Timed<Order>>> partitions) {
        Map<Long, long[]> windows = new TreeMap<>();   // start -> orders, cents
        for (List<Timed<Order>> read : partitions) {
            for (Timed<Order> value : read) {
                if (value instanceof Timed.Event<Order> event) {
                    long eventTime = event.event().eventTimeMillis();
                    for (long start = RULE.firstStart(eventTime); start <= eventTime; start += ADVANCE.toMillis()) {
                        if (!RULE.refuses(start, watermark(event.newestBefore()))) {
                            long[] window = windows.computeIfAbsent(start, s -> new long[2]);
                            window[0]++;
                            window[1] += event.event().amount().movePointRight(2).longValueExact();
                        }
                    }
                }
            }
        }
        Map<String, String> out = new TreeMap<>();
        windows.forEach((start, window) -> out.put(ResultKeys.window(null, Instant.ofEpochMilli(start),
                Instant.ofEpochMilli(start).plus(SIZE)), window[0] + " "
                + BigDecimal.valueOf(window[1], 2).toPlainString()));
        return out;
    }

    private static long watermark(long newest) {
        return newest == InputClocks.NONE ? InputClocks.NONE : newest - GRACE.toMillis();
    }

    /** The final rows of one run. */
    private static List<OutputRecord> run(List<Timed<Order>> reads) {
        TestStreams streams = TestStreams.forDriver("orders-service");
        try (StreamsHarness harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(),
                OrderWindowConfigs.of(TestStreams.topics(), List.of(QUERY), StateStoreKind.IN_MEMORY)), streams,
                WALL_CLOCK)) {
            TimedSerde<Order> serde = new TimedSerde<>(Order.class);
            for (Timed<Order> read : reads) {
                String key = read instanceof Timed.Event<Order> ? "all" : "";
                harness.pipe(REPARTITION, key.getBytes(StandardCharsets.UTF_8),
                        serde.serializer().serialize(REPARTITION, read), new RecordHeaders());
            }
            assertThat(harness.records("orders-service-late")).as("no partition was idle").isEmpty();
            return harness.records("finals");
        }
    }

    /** The last final row of each window: its orders and total. */
    private static Map<String, String> last(List<OutputRecord> finals) {
        Map<String, String> out = new TreeMap<>();
        for (OutputRecord row : finals) {
            var value = CanonicalJson.tree(row.value());
            out.put(row.key(), value.get("orders").asLong() + " " + value.get("total").decimalValue().toPlainString());
        }
        return out;
    }
}
