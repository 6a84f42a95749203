package com.shopstream.orders.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.EventBatches;
import com.shopstream.common.watermark.LateRecordHeaders;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.TimeWindowLateness;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The windows behind the repartition, fed by hand what the repartition topic holds when {@code orders} has three
 * partitions read at different speeds: events stamped with their partition's clock, and the readers' reports. A
 * window is final only when every partition's watermark has reached its end, so an order of a partition that is
 * read late still counts.
 */
class OrderWindowPartitionsTest {

    private static final Instant WALL_CLOCK = Instant.parse("2031-01-01T00:00:00Z");
    private static final String REPARTITION = "orders-service-orders-by-all-repartition";

    @AutoClose
    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("orders-service");
        harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), OrderWindowConfigs.of(
                TestStreams.topics(), List.of(WindowQuery.tumbling("q", Duration.ofMinutes(5),
                        Duration.ofMinutes(3), "updates", "finals")))), streams, WALL_CLOCK);
    }

    @Test
    void aWindowIsFinalWhenEveryPartitionsWatermarkHasPassedItsEnd() {
        report(0, "10:00:00", false);
        report(1, "10:00:00", false);
        report(2, "10:00:00", false);
        event(1, 0, "10:00:00", "10:09:00");   // orders-0 is read far ahead: its watermark is 10:06
        event(2, 1, "10:00:00", "10:02:00");   // orders-1 is behind: with one clock for all (10:06) this were late
        assertThat(harness.records("finals")).isEmpty();

        report(1, "10:09:00", false);
        assertThat(harness.records("finals")).isEmpty();   // orders-2 still holds the watermark at 09:57
        report(2, "10:08:00", false);                      // now the oldest is 10:08: watermark 10:05

        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 1.00");
        assertThat(harness.records("orders-service-late")).isEmpty();
    }

    @Test
    void anOrderCountsOnlyInTheWindowsItsOwnPartitionAdmittedIt() {
        report(0, "10:00:00", false);
        report(1, "10:00:00", false);
        report(2, "10:00:00", false);
        // orders-2's watermark was 10:05 before this order: the source refused it for [10:00,10:05)
        event(3, 2, "10:08:00", "10:08:00", "10:04:00");
        report(0, "10:20:00", false);
        report(1, "10:20:00", false);
        report(2, "10:20:00", false);

        assertThat(harness.records("finals")).isEmpty();
        assertThat(harness.records("orders-service-late")).isEmpty();   // the source step said so, not the windows
    }

    @Test
    void whenAnIdlePartitionLetTheWatermarkPassItsWindowItsOrderGoesToTheLateTopicWithTheCause() {
        report(0, "10:10:00", false);
        report(1, "10:10:00", false);
        report(2, "10:00:00", true);      // orders-2 idle: the watermark is 10:07, [10:00,10:05) final
        event(4, 2, "10:00:00", "10:03:00");   // orders-2 is read again: on time for it, too late for the query

        assertThat(rows(harness.records("finals"))).isEmpty();   // nothing was in [10:00,10:05) to write
        List<OutputRecord> late = harness.records("orders-service-late");
        assertThat(late).extracting(OutputRecord::orderId).containsExactly(4L);
        assertThat(late.get(0).headers())
                .containsEntry(LateRecordHeaders.CAUSE, "idle-partition")
                .containsEntry(LateRecordHeaders.PARTITION, "orders-2")
                .containsEntry(LateRecordHeaders.WATERMARK, "2026-01-22T10:07:00Z")
                .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
        assertThat(harness.streams().progress().query("q", Duration.ofMinutes(3), List.of("orders"))
                .lateRows(com.shopstream.eventtime.LateCause.IDLE_PARTITION)).isEqualTo(1);
    }

    @Test
    void inABatchEachOrderIsJudgedAsAloneAndOneInAWindowAnIdlePartitionLetCloseGoesLateWithItsOwnHeaders() {
        report(0, "10:10:00", false);
        report(1, "10:10:00", false);
        report(2, "10:00:00", true);      // the watermark is 10:07: [10:00,10:05) final
        RecordHeaders own = new RecordHeaders();
        own.add("trace", "t-5".getBytes(StandardCharsets.UTF_8));
        byte[] batch = EventBatches.start(new InputPartition("orders", 2), 3, 1, 0);
        batch = EventBatches.append(batch, "all", ms("10:03:00"), own, timedOrder(5, 2, "10:00:00", "10:03:00",
                "10:03:00"));
        batch = EventBatches.append(batch, "all", ms("10:08:00"), new RecordHeaders(),
                timedOrder(6, 2, "10:03:00", "10:08:00", "10:08:00"));
        pipe("", EventBatches.batch(batch, 0));
        report(0, "10:20:00", false);
        report(1, "10:20:00", false);
        report(2, "10:20:00", false);

        List<OutputRecord> late = harness.records("orders-service-late");
        assertThat(late).extracting(OutputRecord::orderId).containsExactly(5L);
        assertThat(late.get(0).headers())
                .containsEntry("trace", "t-5")
                .containsEntry(LateRecordHeaders.CAUSE, "idle-partition")
                .containsEntry(LateRecordHeaders.PARTITION, "orders-2");
        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 1 1.00");
    }

    @Test
    void partialsOfThreePartitionsAddUpInEveryWindowHoldingTheirSlice() {
        startWith(WindowQuery.hopping("q", Duration.ofMinutes(10), Duration.ofMinutes(5), Duration.ofMinutes(3),
                "updates", "finals"));
        report(0, "10:00:00", false);
        report(1, "10:00:00", false);
        report(2, "10:00:00", false);
        pipe("", partial(0, "10:00:00", 2, "3.00", "10:01:00"));
        pipe("", partial(1, "10:05:00", 1, "0.50", "10:06:00"));
        pipe("", partial(2, "10:00:00", 1, "1.25", "10:04:00"));
        report(0, "10:20:00", false);
        report(1, "10:20:00", false);
        report(2, "10:20:00", false);

        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z 3 4.25",
                "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z 4 4.75",
                "2026-01-22T10:05:00Z/2026-01-22T10:15:00Z 1 0.50");
        assertThat(harness.deadLetters()).isEmpty();
    }

    @Test
    void aPartialThatFindsAWindowFinalCountsInTheOpenOnesAndIsADeadLetterForTheFinalOnes() {
        startWith(WindowQuery.hopping("q", Duration.ofMinutes(10), Duration.ofMinutes(5), Duration.ofMinutes(3),
                "updates", "finals"));
        report(0, "10:10:00", false);
        report(1, "10:10:00", false);
        report(2, "10:00:00", true);      // the watermark is 10:07: [09:55,10:05) final
        pipe("", partial(2, "10:00:00", 2, "3.00", "10:03:00"));   // what the bound should have kept from it
        report(0, "10:20:00", false);
        report(1, "10:20:00", false);
        report(2, "10:20:00", false);

        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z 2 3.00");
        assertThat(harness.deadLetters()).hasSize(1);
        var deadLetter = harness.deadLetters().get(0);
        assertThat(new String(deadLetter.headers().lastHeader("x-error-reason").value(), StandardCharsets.UTF_8))
                .contains("a partial of 2 orders of group all in the slice at 2026-01-22T10:00:00Z from orders-2: "
                        + "windows already final");
        assertThat(new String(deadLetter.headers().lastHeader(LateRecordHeaders.REFUSED_WINDOWS).value(),
                StandardCharsets.UTF_8)).isEqualTo("2026-01-22T09:55:00Z/2026-01-22T10:05:00Z");
        Timed<Order> value = new TimedSerde<>(Order.class).deserializer().deserialize(REPARTITION,
                deadLetter.value());
        assertThat(SlicePartials.entries(((Timed.Partials<Order>) value).encoded(), 1))
                .extracting(entry -> entry.partial().orders()).containsExactly(2L);
    }

    @Test
    void aPartialThatFindsAWindowFinalButWithinItsAllowedLatenessRevisesIt() {
        startWith(new WindowQuery("q", Duration.ofMinutes(10), Duration.ofMinutes(5), Duration.ofMinutes(3), null,
                null, "finals", null, Duration.ofMinutes(3)));
        report(0, "10:10:00", false);
        report(1, "10:10:00", false);
        report(2, "10:00:00", true);      // the watermark is 10:07: [09:55,10:05) final, revised until 10:08
        pipe("", partial(2, "10:00:00", 2, "3.00", "10:03:00"));
        report(0, "10:20:00", false);
        report(1, "10:20:00", false);
        report(2, "10:20:00", false);

        // [09:55,10:05) had no order when it became final: the partial writes its first final row
        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z 2 3.00",
                "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z 2 3.00");
        assertThat(harness.records("finals")).extracting(OutputRecord::value)
                .allSatisfy(value -> assertThat(value).endsWith(",\"revision\":1}"));
        assertThat(harness.deadLetters()).isEmpty();
    }

    @Test
    void anIdlePartitionsOrderRevisesAWindowWithinItsAllowedLatenessAndIsLateForOnePastIt() {
        Duration five = Duration.ofMinutes(5);
        Duration three = Duration.ofMinutes(3);
        startWith(new WindowQuery("one-minute", five, five, three, null, null, "finals-1", null,
                        Duration.ofMinutes(1)),
                new WindowQuery("three-minutes", five, five, three, null, null, "finals-3", null, three));
        report(0, "10:10:00", false);
        report(1, "10:10:00", false);
        report(2, "10:00:00", true);      // orders-2 idle: the watermark is 10:07, [10:00,10:05) final
        event(4, 2, "10:00:00", "10:03:00");   // orders-2 is read again: on time for it

        assertThat(rows(harness.records("finals-1"))).isEmpty();
        assertThat(rows(harness.records("finals-3"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 1 1.00");
        List<OutputRecord> late = harness.records("orders-service-late");
        assertThat(late).extracting(OutputRecord::orderId).containsExactly(4L);
        assertThat(late.get(0).headers())
                .containsEntry(LateRecordHeaders.QUERY, "one-minute")
                .containsEntry(LateRecordHeaders.CAUSE, "idle-partition")
                .containsEntry(LateRecordHeaders.WATERMARK, "2026-01-22T10:07:00Z")
                .containsEntry(LateRecordHeaders.REFUSED_WINDOWS, "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
    }

    @Test
    void aPartialOfASliceThatDoesNotFitTheWindowsIsADeadLetterAndTheOthersOfItsRecordCount() {
        report(0, "10:00:00", false);
        report(1, "10:00:00", false);
        report(2, "10:00:00", false);
        SlicePartials.Writer writer = new SlicePartials.Writer();
        writer.add("all", ms("10:00:00"), Duration.ofMinutes(7).toMillis(), SlicePartial.of(1, 100, ms("10:01:00"),
                ms("10:01:00")));
        writer.add("all", ms("10:00:00"), Duration.ofMinutes(5).toMillis(), SlicePartial.of(2, 250, ms("10:01:00"),
                ms("10:02:00")));
        pipe("", new Timed.Partials<>(0, 1, new InputPartition("orders", 0), ms("10:02:00"), 2, writer.encoded()));
        report(0, "10:20:00", false);
        report(1, "10:20:00", false);
        report(2, "10:20:00", false);

        assertThat(rows(harness.records("finals"))).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 2 2.50");
        assertThat(harness.deadLetters()).hasSize(1);
        assertThat(new String(harness.deadLetters().get(0).headers().lastHeader("x-error-reason").value(),
                StandardCharsets.UTF_8)).contains("a slice of PT7M", "does not fit the windows of q");
    }

    /** A partial of one order partition for the ungrouped query, of a 5-minute slice. */
    private static Timed.Partials<Order> partial(int partition, String sliceStart, long orders, String total,
                                                 String newest) {
        SlicePartials.Writer writer = new SlicePartials.Writer();
        writer.add("all", ms(sliceStart), Duration.ofMinutes(5).toMillis(), SlicePartial.of(orders,
                new BigDecimal(total).movePointRight(2).longValueExact(), ms(sliceStart), ms(newest)));
        return new Timed.Partials<>(0, 1, new InputPartition("orders", partition), ms(newest), 1,
                writer.encoded());
    }

    private void startWith(WindowQuery... queries) {
        harness.close();
        TestStreams streams = TestStreams.forDriver("orders-service");
        harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), OrderWindowConfigs.of(
                TestStreams.topics(), List.of(queries), StateStoreKind.IN_MEMORY)), streams, WALL_CLOCK);
    }

    /**
     * Seeded random reads of three partitions (out-of-order orders, some refused by their partition for one of their
     * hopping windows, reports between them, partitions declared idle and read again), cut into runs of one
     * partition's consecutive orders and fed twice in the same order of runs: once order by order, once a batch per
     * run. The same final rows and late records (an idle partition's), in the same order, and the same last update row
     * of every window (when update rows are written, and so what the earlier ones hold, depends on timing).
     */
    @Test
    void batchesOfAPartitionsOrdersGiveWhatTheOrdersOneByOneGive() {
        int late = 0;
        for (long seed = 1; seed <= 12; seed++) {
            List<List<Timed<Order>>> runs = randomRuns(new java.util.Random(seed));
            List<List<String>> oneByOne = run(runs, false);
            List<List<String>> batched = run(runs, true);

            assertThat(batched).as("seed " + seed).isEqualTo(oneByOne);
            assertThat(oneByOne.get(0)).as("seed " + seed + " makes windows final").isNotEmpty();
            late += oneByOne.get(2).size();
        }
        assertThat(late).as("idle partitions let windows close before some of their orders").isPositive();
    }

    /** Runs of one partition's consecutive reads (orders, or a single report), in the order they are fed. */
    private static List<List<Timed<Order>>> randomRuns(java.util.Random random) {
        TimeWindowLateness windows = new TimeWindowLateness(Duration.ofMinutes(10), Duration.ofMinutes(5));
        List<java.util.ArrayDeque<Timed<Order>>> partitions = new java.util.ArrayList<>();
        long id = 1;
        for (int p = 0; p < 3; p++) {
            InputPartition partition = new InputPartition("orders", p);
            java.util.ArrayDeque<Timed<Order>> read = new java.util.ArrayDeque<>();
            long newest = InputClocks.NONE;
            long time = ms("10:00:00") + random.nextInt(60_000);
            for (int i = 0; i < 60; i++) {
                time += random.nextInt(40_000);
                long eventTime = time - (random.nextInt(4) == 0 ? random.nextInt(600_000) : 0);
                long watermark = newest == InputClocks.NONE ? InputClocks.NONE : newest - Duration.ofMinutes(3)
                        .toMillis();
                if (windows.refusal(eventTime, watermark).all()) {
                    continue;   // the source step sends it to the late topic, not through the repartition
                }
                long after = Math.max(newest, eventTime);
                Order order = new Order(id++, 1, new BigDecimal(random.nextInt(10_000)).movePointLeft(2),
                        Instant.ofEpochMilli(eventTime));
                read.add(new Timed.Event<>(order, partition, 3, newest, after));
                newest = after;
                if (random.nextInt(6) == 0) {
                    // now and then idle: the others' watermarks may pass this one's windows until it is read again
                    read.add(new Timed.Report<>(partition, 3, newest, random.nextInt(3) == 0,
                            WALL_CLOCK.toEpochMilli()));
                }
            }
            read.add(new Timed.Report<>(partition, 3, ms("12:00:00"), false, WALL_CLOCK.toEpochMilli()));
            partitions.add(read);
        }
        List<List<Timed<Order>>> runs = new java.util.ArrayList<>();
        while (partitions.stream().anyMatch(read -> !read.isEmpty())) {
            List<java.util.ArrayDeque<Timed<Order>>> left = partitions.stream().filter(read -> !read.isEmpty())
                    .toList();
            java.util.ArrayDeque<Timed<Order>> read = left.get(random.nextInt(left.size()));
            List<Timed<Order>> run = new java.util.ArrayList<>();
            if (read.peek() instanceof Timed.Report<Order>) {
                run.add(read.poll());
            } else {
                for (int most = 1 + random.nextInt(5); run.size() < most
                        && read.peek() instanceof Timed.Event<Order>; ) {
                    run.add(read.poll());
                }
            }
            runs.add(run);
        }
        return runs;
    }

    /** Final rows, last update rows and late records, fed the runs order by order or a batch per run of orders. */
    private List<List<String>> run(List<List<Timed<Order>>> runs, boolean batched) {
        harness.close();
        TestStreams streams = TestStreams.forDriver("orders-service");
        harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), OrderWindowConfigs.of(
                TestStreams.topics(), List.of(WindowQuery.hopping("q", Duration.ofMinutes(10),
                        Duration.ofMinutes(5), Duration.ofMinutes(3), "updates", "finals")),
                StateStoreKind.IN_MEMORY)), streams, WALL_CLOCK);
        long sequence = 0;
        for (List<Timed<Order>> run : runs) {
            if (batched && run.get(0) instanceof Timed.Event<Order> first) {
                byte[] batch = EventBatches.start(first.source(), 3, 1, sequence++);
                for (Timed<Order> timed : run) {
                    Timed.Event<Order> event = (Timed.Event<Order>) timed;
                    batch = EventBatches.append(batch, "all", event.event().eventTimeMillis(), new RecordHeaders(),
                            event);
                }
                pipe("", EventBatches.batch(batch, 0));
            } else {
                run.forEach(one -> pipe(one instanceof Timed.Event<Order> ? "all" : "", one));
            }
        }
        // only now: the driver's own source step reports on the wall clock too, of its one partition of orders
        harness.nextCommit();
        List<String> late = harness.records("orders-service-late").stream()
                .map(r -> r.orderId() + " " + r.headers()).toList();
        java.util.Map<String, String> lastUpdates = new java.util.TreeMap<>();
        rows(harness.records("updates")).forEach(row -> lastUpdates.put(row.substring(0, row.indexOf(' ')), row));
        return List.of(rows(harness.records("finals")), List.copyOf(lastUpdates.values()), late);
    }

    private void report(int partition, String newest, boolean idle) {
        pipe("", new Timed.Report<>(new InputPartition("orders", partition), 3, ms(newest), idle,
                WALL_CLOCK.toEpochMilli()));
    }

    private void event(long id, int partition, String before, String after) {
        event(id, partition, before, after, after);
    }

    private void event(long id, int partition, String before, String after, String orderTs) {
        pipe("all", timedOrder(id, partition, before, after, orderTs));
    }

    private static Timed.Event<Order> timedOrder(long id, int partition, String before, String after,
                                                 String orderTs) {
        Order order = new Order(id, 1, BigDecimal.ONE, Instant.parse("2026-01-22T" + orderTs + "Z"));
        return new Timed.Event<>(order, new InputPartition("orders", partition), 3, ms(before), ms(after));
    }

    private void pipe(String key, Timed<Order> value) {
        harness.pipe(REPARTITION, key.getBytes(StandardCharsets.UTF_8),
                new TimedSerde<>(Order.class).serializer().serialize(REPARTITION, value), new RecordHeaders());
    }

    private static List<String> rows(List<OutputRecord> records) {
        return records.stream().map(r -> {
            var value = com.shopstream.scenario.CanonicalJson.tree(r.value());
            return r.key() + " " + value.get("orders").asLong() + " " + value.get("total").decimalValue().toPlainString();
        }).toList();
    }
}
