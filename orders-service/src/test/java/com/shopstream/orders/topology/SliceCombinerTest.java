package com.shopstream.orders.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.common.testing.CommitTicks;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The partial aggregation before a repartition, on its own: what it combines, what crosses as itself, and when a
 * partial goes — with a store that a restart finds as the last commit left it (a commit writes the open partials).
 */
class SliceCombinerTest {

    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final Duration FIVE = Duration.ofMinutes(5);
    private static final Duration GRACE = Duration.ofMinutes(3);
    private static final List<WindowQuery> APPEND_ONLY = List.of(WindowQuery.tumbling("q", FIVE, GRACE, null, "f"));
    private static final String STORE = "slices";
    /** The tests' grouping: an order's customer, and {@code all} for customer 0 (as an ungrouped query's). */
    private static final Function<Order, String> GROUP_OF = order -> order.customerId() == 0
            ? GroupBy.Grouping.ALL : Long.toString(order.customerId());

    private MockProcessorContext<String, Timed<Order>> context;
    private KeyValueStore<Bytes, byte[]> store;
    /** The repartition topic's partition count, as the cluster says ({@code 0}: not known yet). */
    private int repartitionPartitions = 3;
    /** The newest event time the reader accepts now. */
    private Instant latestAccepted = at("10:30:00");
    /** The combiner started last, which a restart closes. */
    private SliceCombiner current;

    @BeforeEach
    void start() {
        EventTimeRuntime driver = TestStreams.forDriver("orders-service").eventTime();
        context = new MockProcessorContext<>(TestStreams.forDriver("orders-service").with(new EventTimeRuntime(
                driver.reportInterval(), driver.idleTimeout(), partition -> OptionalLong.of(0),
                topic -> topic.endsWith("-orders-by-q-repartition") && repartitionPartitions > 0
                        ? OptionalInt.of(repartitionPartitions) : OptionalInt.empty(),
                driver.endOffsets(), driver.futureBound(), driver.brokerClock())).properties());
        store = MockStores.writtenBeforeCommit(context, STORE, Serdes.Bytes(), Serdes.ByteArray());
        context.setCurrentSystemTimeMs(0);
    }

    @Test
    void ordersOfOneSliceBecomeOnePartialThatGoesBeforeTheOrderWhoseClockCouldMakeItsWindowFinal() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);

        combiner.process(order(1, "all", "none", "10:05:30", "10.00"));        // the first clock: crosses
        combiner.process(order(2, "all", "10:05:30", "10:06:00", "2.50"));
        combiner.process(order(3, "all", "10:06:00", "10:05:10", "0.25"));
        assertThat(sent()).containsExactly("order 1");
        assertThat(storedPartials()).containsExactly("all@10:05 2 orders 2.75 10:05:10..10:06:00");

        combiner.process(order(4, "all", "10:06:00", "10:09:00", "1.00"));     // watermark past 10:05: crosses
        combiner.process(order(5, "all", "10:09:00", "10:08:00", "1.00"));
        assertThat(sent()).containsExactly("order 4");
        // the clock reaches 10:13, when [10:05,10:10) may be final: its partial goes first
        combiner.process(order(6, "all", "10:09:00", "10:13:00", "1.00"));

        assertThat(sent()).containsExactly("to 0 of 1: all@10:05 3 orders 3.75 10:05:10..10:08:00", "order 6");
        assertThat(storedPartials()).isEmpty();
    }

    @Test
    void aReportWhoseClockReachesASliceSendsItFirstAndAnIdleOneSendsEverything() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        combiner.process(order(2, "all", "10:05:30", "10:06:00", "1.00"));
        combiner.process(order(3, "all", "10:06:00", "10:09:00", "1.00"));
        combiner.process(order(4, "all", "10:09:00", "10:11:00", "1.00"));
        sent();

        combiner.process(report("10:12:00", false));
        assertThat(sent()).containsExactly("report");
        combiner.process(report("10:13:00", false));
        assertThat(sent()).containsExactly("to 0 of 1: all@10:05 1 orders 1.00 10:06:00..10:06:00", "report");
        combiner.process(report("10:13:00", true));
        assertThat(sent()).containsExactly("to 0 of 1: all@10:10 1 orders 1.00 10:11:00..10:11:00", "report");
    }

    @Test
    void anOrderSomeWindowOfItsPartitionRefusedCrossesAsItselfAndSoDoesAnAmountOfThreeFractionDigits() {
        SliceCombiner combiner = combiner(List.of(WindowQuery.hopping("h", Duration.ofMinutes(10), FIVE, GRACE,
                null, "f")), false, 1);
        combiner.process(order(1, "all", "none", "10:08:30", "1.00"));
        // watermark 10:05:30: [09:55,10:05) refused it, [10:00,10:10) counts it
        combiner.process(order(2, "all", "10:08:30", "10:03:00", "1.00"));
        combiner.process(order(3, "all", "10:08:30", "10:06:00", "0.001"));
        combiner.process(order(4, "all", "10:08:30", "10:06:00", "0.01"));

        assertThat(sent()).containsExactly("order 1", "order 2", "order 3");
        assertThat(storedPartials()).containsExactly("all@10:05 1 orders 0.01 10:06:00..10:06:00");
    }

    @Test
    void afterAnIdleDeclarationAnOrderWhoseWindowTheQueryMayHaveClosedCrossesAsItselfEvenAfterARestart() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        combiner.process(report("10:05:30", true));
        sent();

        // the first order after it: no watermark can be beyond 10:30 (what readers accept) + 5 min
        combiner.process(order(2, "all", "10:05:30", "10:06:00", "1.00"));
        combiner.process(order(3, "all", "10:06:00", "10:36:00", "1.00"));
        combiner.process(order(4, "all", "10:36:00", "10:36:10", "1.00"));   // [10:35,10:40) ends after it
        combiner.process(order(5, "all", "10:36:10", "10:34:59", "1.00"));   // [10:30,10:35) ends at it
        assertThat(sent()).containsExactly("order 2", "order 3", "order 5");
        assertThat(storedPartials()).containsExactly("all@10:35 1 orders 1.00 10:36:10..10:36:10");

        latestAccepted = at("12:00:00");   // the bound is kept, not taken again, across a restart
        SliceCombiner restarted = combiner(APPEND_ONLY, false, 1);
        restarted.process(order(6, "all", "10:36:10", "10:34:00", "1.00"));
        restarted.process(order(7, "all", "10:36:10", "10:36:20", "1.00"));

        assertThat(sent()).containsExactly("order 6");
        assertThat(storedPartials()).containsExactly("all@10:35 2 orders 2.00 10:36:10..10:36:20");
    }

    @Test
    void anIdleDeclarationBeforeARestartStillSetsTheBoundAtTheFirstOrderAfterIt() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        combiner.process(report("10:05:30", true));
        commit();
        // a restarted reader reports its partition as not idle first: that does not undo what the windows may have
        // closed meanwhile
        SliceCombiner restarted = combiner(APPEND_ONLY, false, 1);
        restarted.process(report("10:05:30", false));
        restarted.process(order(2, "all", "10:05:30", "10:06:00", "1.00"));

        assertThat(sent()).containsExactly("report", "order 2");
        assertThat(storedPartials()).isEmpty();
    }

    @Test
    void anOrderBelowTheDeclaredEndOffsetReadAfterTheDeclarationCrossesAsItselfAndSetsNoBound() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        // the reader's lag said it had read everything, the end offset read apart already had offsets 2 to 4
        combiner.process(idleReport("10:05:30", 5));
        combiner.process(order(2, "all", "10:05:30", "10:40:00", "1.00"));
        combiner.process(order(3, "all", "10:40:00", "10:40:10", "1.00"));
        assertThat(sent()).containsExactly("order 1", "report", "order 2", "order 3");

        combiner.process(order(5, "all", "10:40:10", "10:40:20", "1.00"));   // at the end offset: bound 10:35

        assertThat(sent()).isEmpty();
        assertThat(storedPartials()).containsExactly("all@10:40 1 orders 1.00 10:40:20..10:40:20");
    }

    @Test
    void withAnUpdateModeQueryEverythingGoesJustBeforeEachCommit() {
        SliceCombiner combiner = combiner(List.of(WindowQuery.tumbling("q", FIVE, GRACE, "u", null)), true, 1);
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        combiner.process(order(2, "all", "10:05:30", "10:06:00", "1.00"));
        sent();

        MockProcessorContext.CapturedPunctuator timer = context.scheduledPunctuators().get(0);
        long commitInterval = CommitTicks.commitInterval(context);
        assertThat(timer.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        assertThat(timer.getInterval()).as("a twentieth of the interval").isEqualTo(Duration.ofMillis(
                commitInterval / 20));
        timer.getPunctuator().punctuate(900 - commitInterval);
        assertThat(sent()).as("no commit seen yet: a timer from the first tick").isEmpty();
        timer.getPunctuator().punctuate(900);
        assertThat(sent()).containsExactly(
                "to 0 of 1: all@10:05 1 orders 1.00 10:06:00..10:06:00");

        combiner.process(order(3, "all", "10:06:00", "10:06:30", "2.00"));
        context.setCurrentSystemTimeMs(1_000);
        commit();
        timer.getPunctuator().punctuate(1_000 + commitInterval / 2);
        assertThat(sent()).as("half an interval after the commit").isEmpty();

        timer.getPunctuator().punctuate(1_000 + commitInterval - commitInterval / 20);
        assertThat(sent()).containsExactly("to 0 of 1: all@10:05 1 orders 2.00 10:06:30..10:06:30");
        assertThat(storedPartials()).isEmpty();
    }

    @Test
    void withoutAnUpdateModeQueryEverythingGoesEverySecondForTheLiveWindows() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        combiner.process(order(2, "all", "10:05:30", "10:06:00", "1.00"));
        sent();

        MockProcessorContext.CapturedPunctuator timer = context.scheduledPunctuators().get(0);
        assertThat(timer.getInterval()).isEqualTo(SliceCombiner.APPEND_ONLY_INTERVAL).isEqualTo(Duration.ofSeconds(1));
        timer.getPunctuator().punctuate(0);

        assertThat(sent()).containsExactly("to 0 of 1: all@10:05 1 orders 1.00 10:06:00..10:06:00");
    }

    @Test
    void groupsGoOneRecordPerDestinationPartitionOrWhereTheirKeyPutsThemWhileTheCountIsNotKnown() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, null);
        combiner.process(order(1, "1", "none", "10:05:30", "1.00"));
        List<String> groups = List.of("1", "2", "3", "4", "5", "6");
        for (String group : groups) {
            combiner.process(order(10 + Long.parseLong(group), group, "10:05:30", "10:06:00", group + ".00"));
        }
        sent();

        combiner.process(report("10:13:00", false));

        List<String> expected = new ArrayList<>();
        for (int destination = 0; destination < 3; destination++) {
            List<String> entries = new ArrayList<>();
            for (String group : groups) {
                if (Utils.toPositive(Utils.murmur2(group.getBytes(StandardCharsets.UTF_8))) % 3 == destination) {
                    entries.add(group + "@10:05 1 orders " + group + ".00 10:06:00..10:06:00");
                }
            }
            if (!entries.isEmpty()) {
                expected.add("to " + destination + " of 3: " + String.join(", ", entries.stream().sorted().toList()));
            }
        }
        expected.add("report");
        assertThat(sent()).containsExactlyElementsOf(expected);

        repartitionPartitions = 0;
        combiner.process(order(20, "7", "10:13:00", "10:13:10", "7.00"));
        combiner.process(report("10:13:10", true));
        assertThat(context.forwarded().get(0).record().key()).isEqualTo("7");
        assertThat(sent()).containsExactly("to its key: 7@10:10 1 orders 7.00 10:13:10..10:13:10", "report");
    }

    @Test
    void aRevivedTaskSendsWhatItsStoreHeldAndOneSwitchedOffPassesEveryOrderOnAfterIt() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        combiner.process(order(2, "all", "10:05:30", "10:06:00", "1.00"));
        commit();
        combiner.close();   // Kafka Streams suspends the task, closing its processors, and revives it
        combiner.init(context);
        combiner.process(order(3, "all", "10:06:00", "10:06:30", "1.00"));
        assertThat(storedPartials()).containsExactly("all@10:05 2 orders 2.00 10:06:00..10:06:30");
        sent();

        SliceCombiner off = new SliceCombiner(WindowSlices.of(APPEND_ONLY), GROUP_OF, false, false, "orders", 1,
                "orders-by-q", STORE, () -> latestAccepted, SliceCombiner.MAX_OPEN_PARTIALS);
        combiner.close();
        off.init(context);
        off.process(order(4, "all", "10:06:30", "10:06:40", "1.00"));
        off.process(order(5, "all", "10:06:40", "10:06:50", "1.00"));

        assertThat(sent()).containsExactly("to 0 of 1: all@10:05 2 orders 2.00 10:06:00..10:06:30", "order 4",
                "order 5");
        assertThat(storedPartials()).isEmpty();
    }

    @Test
    void aTotalThatWouldOverflowGoesFirstAndTheSliceStartsAnother() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        String large = "90000000000000000.00";   // 9e18 hundredths: two do not fit a long
        combiner.process(order(1, "all", "none", "10:05:30", "1.00"));
        combiner.process(order(2, "all", "10:05:30", "10:06:00", large));
        combiner.process(order(3, "all", "10:06:00", "10:06:10", large));

        assertThat(sent()).containsExactly("order 1",
                "to 0 of 1: all@10:05 1 orders " + large + " 10:06:00..10:06:00");
        assertThat(storedPartials()).containsExactly("all@10:05 1 orders " + large + " 10:06:10..10:06:10");
    }

    @Test
    void moreOpenPartialsThanItKeepsGoAtOnce() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1, 2);
        combiner.process(order(1, "1", "none", "10:05:30", "1.00"));
        combiner.process(order(2, "1", "10:05:30", "10:06:00", "1.00"));
        combiner.process(order(3, "2", "10:06:00", "10:06:10", "2.00"));
        assertThat(sent()).containsExactly("order 1");

        combiner.process(order(4, "3", "10:06:10", "10:06:20", "3.00"));

        assertThat(sent()).containsExactly("to 0 of 1: 1@10:05 1 orders 1.00 10:06:00..10:06:00, "
                + "2@10:05 1 orders 2.00 10:06:10..10:06:10, 3@10:05 1 orders 3.00 10:06:20..10:06:20");
        assertThat(storedPartials()).isEmpty();
        combiner.process(order(5, "1", "10:06:20", "10:06:30", "1.00"));
        assertThat(storedPartials()).containsExactly("1@10:05 1 orders 1.00 10:06:30..10:06:30");
    }

    @Test
    void whatItPassesOnIsKeyedForTheRepartitionOrdersByTheirGroupTheRestByNoKey() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);
        combiner.process(order(1, "42", "none", "10:05:30", "1.00"));            // the first clock: crosses
        combiner.process(order(2, "42", "10:05:30", "10:06:00", "1.00"));        // combined
        combiner.process(new Record<>("a key", report("10:13:00", false).value(), ms("10:13:00")));

        assertThat(context.forwarded().stream().<String>map(forward -> forward.record().key()).toList())
                .containsExactly("42", "", "");
        assertThat(sent()).containsExactly("order 1", "to 0 of 1: 42@10:05 1 orders 1.00 10:06:00..10:06:00",
                "report");
    }

    @Test
    void anOrderOfAnotherPartitionThanItsTasksIsABug() {
        SliceCombiner combiner = combiner(APPEND_ONLY, false, 1);

        assertThatThrownBy(() -> combiner.process(new Record<>("all", new Timed.Event<>(
                new Order(1, 1, BigDecimal.ONE, at("10:00:00")), new InputPartition("orders", 1), 3,
                InputClocks.NONE, ms("10:00:00")), ms("10:00:00"))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("got an order of orders-1");
    }

    private SliceCombiner combiner(List<WindowQuery> queries, boolean updates, Integer partitions) {
        return combiner(queries, updates, partitions, SliceCombiner.MAX_OPEN_PARTIALS);
    }

    /** A combiner; one started before is closed first, as its task closes it before a restart. */
    private SliceCombiner combiner(List<WindowQuery> queries, boolean updates, Integer partitions, int maxOpen) {
        if (current != null) {
            current.close();
        }
        context.resetForwards();
        current = new SliceCombiner(WindowSlices.of(queries), GROUP_OF, true, updates, "orders", partitions,
                "orders-by-q", STORE, () -> latestAccepted, maxOpen);
        current.init(context);
        return current;
    }

    /**
     * An order of {@code group} ({@link #GROUP_OF}), read at offset {@code id} of its partition, keyed as on the
     * orders topic: by its id.
     */
    private Record<String, Timed<Order>> order(long id, String group, String newestBefore, String time,
                                               String amount) {
        long before = newestBefore.equals("none") ? InputClocks.NONE : ms(newestBefore);
        long eventTime = ms(time);
        context.setRecordMetadata("orders", 0, id);
        long customer = group.equals(GroupBy.Grouping.ALL) ? 0 : Long.parseLong(group);
        return new Record<>(Long.toString(id), new Timed.Event<>(new Order(id, customer, new BigDecimal(amount),
                at(time)), ORDERS_0, 3, before, Math.max(before, eventTime)), eventTime);
    }

    private static Record<String, Timed<Order>> report(String newest, boolean idle) {
        return idleReport(newest, idle ? 0 : -1);
    }

    /** A report; idle when read to {@code endOffset} ({@code -1}: not idle). */
    private static Record<String, Timed<Order>> idleReport(String newest, long endOffset) {
        return new Record<>("", new Timed.Report<>(ORDERS_0, 3, ms(newest), endOffset >= 0, endOffset), ms(newest));
    }

    /** What was sent since the last call, a line each: partials with their entries, orders by id, reports. */
    private List<String> sent() {
        List<String> lines = context.forwarded().stream().map(forward -> {
            Timed<Order> value = forward.record().value();
            if (value instanceof Timed.Partials<Order> partials) {
                assertThat(partials.source()).isEqualTo(ORDERS_0);
                List<SlicePartials.Entry> entries = SlicePartials.entries(partials.encoded(), partials.size());
                assertThat(forward.record().timestamp()).isEqualTo(entries.stream()
                        .mapToLong(entry -> entry.partial().newest()).max().orElseThrow());
                String to = partials.destination() < 0 ? "to its key"
                        : "to " + partials.destination() + " of " + partials.destinations();
                return to + ": " + String.join(", ", entries.stream().map(entry -> {
                    assertThat(entry.sliceLength()).isEqualTo(FIVE.toMillis());
                    return describe(entry.group(), entry.sliceStart(), entry.partial());
                }).sorted().toList());
            }
            if (value instanceof Timed.Event<Order> event) {
                return "order " + event.event().orderId();
            }
            return value instanceof Timed.Report<Order> ? "report" : "other";
        }).toList();
        context.resetForwards();
        return lines;
    }

    /** What Kafka Streams does just before it commits the task (the partials' rows are written). */
    private void commit() {
        MockStores.commit(context, STORE);
    }

    /** The partials in the store after a commit: what a restart, or a crash after it, finds. */
    private List<String> storedPartials() {
        commit();
        List<String> partials = new ArrayList<>();
        try (KeyValueIterator<Bytes, byte[]> all = store.all()) {
            all.forEachRemaining(row -> {
                long start = OpenSlices.start(row.key);
                if (start != Long.MIN_VALUE) {
                    OpenSlices.decode(start, row.value).forEach(open ->
                            partials.add(describe(open.group(), open.start(), open.partial())));
                }
            });
        }
        partials.sort(null);
        return partials;
    }

    private static String describe(String group, long sliceStart, SlicePartial partial) {
        return group + "@" + hhmm(sliceStart) + " " + partial.orders() + " orders " + partial.total().toPlainString()
                + " " + time(partial.oldest()) + ".." + time(partial.newest());
    }

    private static String hhmm(long time) {
        return Instant.ofEpochMilli(time).toString().substring(11, 16);
    }

    private static String time(long time) {
        return Instant.ofEpochMilli(time).toString().substring(11, 19);
    }

    private static Instant at(String time) {
        return Instant.parse("2026-01-22T" + time + "Z");
    }
}
