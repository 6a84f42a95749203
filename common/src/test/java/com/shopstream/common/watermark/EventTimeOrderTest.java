package com.shopstream.common.watermark;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.testing.TimedOrdersFixture;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The event-time order alone, on in-memory stores: a batch's held events are one entry (a run), and what it releases,
 * in which order, is what the same events one by one give; a run the frontier has partly released survives a
 * restart; an entry written before runs existed is still released.
 */
class EventTimeOrderTest {

    private static final String BUFFER = "buffer";
    private static final String CLOCKS = "clocks";
    private static final InputPartition[] PARTITIONS = {new InputPartition("orders", 0),
            new InputPartition("orders", 1), new InputPartition("orders", 2)};

    private MockProcessorContext<String, Timed<Order>> context;
    private KeyValueStore<Bytes, byte[]> buffer;
    private KeyValueStore<String, byte[]> clocks;

    @BeforeEach
    void stores() {
        context = new MockProcessorContext<>(TestStreams.forDriver("session-service").properties());
        buffer = Stores.keyValueStoreBuilder(StateStoreKind.IN_MEMORY.keyValue(BUFFER), Serdes.Bytes(),
                Serdes.ByteArray()).withLoggingDisabled().build();
        buffer.init(context.getStateStoreContext(), buffer);
        context.addStateStore(buffer);
        clocks = Stores.keyValueStoreBuilder(Stores.inMemoryKeyValueStore(CLOCKS), Serdes.String(),
                Serdes.ByteArray()).withLoggingDisabled().build();
        clocks.init(context.getStateStoreContext(), clocks);
        context.addStateStore(clocks);
    }

    @Test
    void aBatchsHeldEventsAreOneEntryReleasedAsTheyWouldBeOneByOne() {
        EventTimeOrder<Order> order = started();
        order.process(advance("10:00:00"));
        order.process(batch(0, event(1, 0, "10:00:00"), event(2, 0, "10:03:00"), event(3, 0, "10:06:00")));
        order.process(batch(1, event(4, 1, "10:02:00"), event(5, 1, "10:03:00")));
        assertThat(buffer.approximateNumEntries()).as("one run per batch").isEqualTo(2);

        Bytes orders0 = lastKey();   // the run of orders-0, from 10:03
        byte[] run = buffer.get(orders0);
        order.process(advance("10:03:00"));
        assertThat(buffer.get(orders0)).as("a run partly released is not rewritten").isSameAs(run);
        order.process(advance("10:07:00"));

        assertThat(signals()).containsExactly(
                "advance 10:00:00", "event 1 from orders-0 after 10:00:00 key 1",
                "advance 10:02:00", "event 4 from orders-1 after 10:02:00 key 4",
                "advance 10:03:00", "event 2 from orders-0 after 10:03:00 key 2", "event 5 from orders-1 after 10:03:00 key 5",
                "advance 10:06:00", "event 3 from orders-0 after 10:06:00 key 3", "advance 10:07:00");
        assertThat(buffer.approximateNumEntries()).isZero();
    }

    @Test
    void seededReadsOfThreePartitionsReleaseWhatAModelOfTheOrderReleasesInBatchesAndOneByOneWithRestarts() {
        for (long seed = 1; seed <= 60; seed++) {
            List<Timed<Order>> oneByOne = new ArrayList<>();
            List<Timed<Order>> batched = new ArrayList<>();
            script(new Random(seed), oneByOne, batched);
            List<String> expected = model(oneByOne);
            assertThat(expected).as("every event released").filteredOn(signal -> signal.startsWith("event"))
                    .hasSize((int) oneByOne.stream().filter(value -> value instanceof Timed.Event<Order>).count());

            for (List<Timed<Order>> input : List.of(oneByOne, batched)) {
                stores();
                Random restarts = new Random(seed);
                EventTimeOrder<Order> order = started();
                for (Timed<Order> value : input) {
                    order.process(new Record<>(keyOf(value), value, 0L));
                    if (value instanceof Timed.Advance<Order> advance) {
                        clocksSaveFrontier(advance.frontier());   // as the tracker does, in the same transaction
                        if (restarts.nextInt(4) == 0) {
                            order = started();
                        }
                    }
                }
                assertThat(signals()).as("seed " + seed + (input == batched ? ", batched" : ", one by one"))
                        .isEqualTo(expected);
            }
        }
    }

    @Test
    void aRunPartlyReleasedBeforeARestartReleasesTheRestOnceAfterIt() {
        EventTimeOrder<Order> before = started();
        before.process(advance("10:00:00"));
        before.process(batch(0, event(1, 0, "10:01:00"), event(2, 0, "10:02:00"), event(3, 0, "10:04:00")));
        before.process(advance("10:02:00"));
        assertThat(signals()).containsExactly("advance 10:00:00", "advance 10:01:00",
                "event 1 from orders-0 after 10:01:00 key 1", "advance 10:02:00", "event 2 from orders-0 after 10:02:00 key 2");
        saveFrontier("10:02:00");   // what the tracker had stored with it

        context.resetForwards();
        EventTimeOrder<Order> after = started();
        after.process(advance("10:02:00"));
        assertThat(signals()).isEmpty();
        after.process(new Record<>("4", event(4, 1, "10:03:00"), 0L));
        after.process(advance("10:05:00"));
        assertThat(signals()).containsExactly("advance 10:03:00", "event 4 from orders-1 after 10:03:00 key 4",
                "advance 10:04:00", "event 3 from orders-0 after 10:04:00 key 3", "advance 10:05:00");
    }

    @Test
    void anEntryWrittenBeforeRunsIsReleased() {
        Timed.Event<Order> old = event(7, 2, "10:04:00");
        byte[] key = "7".getBytes(StandardCharsets.UTF_8);
        byte[] timed = new TimedSerde<>(Order.class).serializer().serialize(null, old);
        buffer.put(Bytes.wrap(ByteBuffer.allocate(16).putLong(ms("10:04:00") ^ Long.MIN_VALUE).putLong(0).array()),
                ByteBuffer.allocate(4 + key.length + timed.length).putInt(key.length).put(key).put(timed).array());

        EventTimeOrder<Order> order = started();
        order.process(new Record<>("8", event(8, 1, "10:02:00"), 0L));
        order.process(advance("10:05:00"));

        assertThat(signals()).containsExactly("advance 10:02:00", "event 8 from orders-1 after 10:02:00 key 8",
                "advance 10:04:00", "event 7 from orders-2 after 10:04:00 key 7", "advance 10:05:00");
        assertThat(context.forwarded().get(3).record().key()).isEqualTo("7");
    }

    /**
     * Three partitions read in chunks at random speeds, each event's clock its partition's before it (equal ones
     * too); now and then an advance to the oldest partition's clock, or to the oldest but one (as if that partition
     * were idle). In batches, each chunk is one.
     */
    private static void script(Random random, List<Timed<Order>> oneByOne, List<Timed<Order>> batched) {
        long[] newest = {ms("10:00:00"), ms("10:00:00"), ms("10:00:00")};
        long id = 0;
        long frontier = InputClocks.NONE;
        for (int step = 0; step < 200; step++) {
            int p = random.nextInt(3);
            List<Timed.Event<Order>> chunk = new ArrayList<>();
            for (int n = 1 + random.nextInt(6); n > 0; n--) {
                long before = newest[p];
                newest[p] += random.nextInt(4) * 30_000L;
                chunk.add(new Timed.Event<>(order(++id), PARTITIONS[p], 3, before, newest[p]));
            }
            oneByOne.addAll(chunk);
            batched.add(batchOf(p, chunk));
            if (random.nextInt(3) == 0) {
                // now and then one partition counts as idle: the frontier passes it, and its next events come in
                // below the frontier
                int idle = random.nextInt(5);
                long to = Long.MAX_VALUE;
                for (int q = 0; q < 3; q++) {
                    if (q != idle) {
                        to = Math.min(to, newest[q]);
                    }
                }
                frontier = Math.max(frontier, to);
                Timed.Advance<Order> advance = new Timed.Advance<>(frontier);
                oneByOne.add(advance);
                batched.add(advance);
            }
        }
        Timed.Advance<Order> last = new Timed.Advance<>(Math.max(newest[0], Math.max(newest[1], newest[2])));
        oneByOne.add(last);
        batched.add(last);
    }

    /**
     * The order by definition: an event at or below the frontier goes at once; the others wait for the advance that
     * reaches them and go by clock, then arrival, each new clock after an advance to it.
     */
    private static List<String> model(List<Timed<Order>> input) {
        List<String> out = new ArrayList<>();
        List<Timed.Event<Order>> waiting = new ArrayList<>();
        long frontier = InputClocks.NONE;
        long announced = InputClocks.NONE;
        for (Timed<Order> value : input) {
            if (value instanceof Timed.Event<Order> event) {
                if (event.newestBefore() <= frontier) {
                    out.add(describe(keyOf(event), event));
                } else {
                    waiting.add(event);
                }
            } else if (value instanceof Timed.Advance<Order> advance) {
                frontier = Math.max(frontier, advance.frontier());
                long reached = frontier;
                List<Timed.Event<Order>> due = new ArrayList<>(waiting.stream()
                        .filter(event -> event.newestBefore() <= reached).toList());
                waiting.removeAll(due);
                due.sort(java.util.Comparator.comparingLong(Timed.Event::newestBefore));   // stable: arrival
                for (Timed.Event<Order> event : due) {
                    if (event.newestBefore() > announced) {
                        announced = event.newestBefore();
                        out.add(TimedOrdersFixture.describe(new Timed.Advance<Order>(announced)));
                    }
                    out.add(describe(keyOf(event), event));
                }
                if (frontier > announced) {
                    announced = frontier;
                    out.add(TimedOrdersFixture.describe(new Timed.Advance<Order>(announced)));
                }
            }
        }
        return out;
    }

    private static String keyOf(Timed<Order> value) {
        return value instanceof Timed.Event<Order> event ? Long.toString(event.event().orderId()) : SourceClock.NO_KEY;
    }

    private static String describe(String key, Timed<Order> value) {
        return TimedOrdersFixture.describe(value) + (value instanceof Timed.Event<Order> ? " key " + key : "");
    }

    private void clocksSaveFrontier(long frontier) {
        new ClockStore(clocks).saveFrontier(frontier);
    }

    private Bytes lastKey() {
        Bytes last = null;
        try (var all = buffer.all()) {
            while (all.hasNext()) {
                last = all.next().key;
            }
        }
        return last;
    }

    private EventTimeOrder<Order> started() {
        EventTimeOrder<Order> order = new EventTimeOrder<>(BUFFER, CLOCKS, Order.class);
        order.init(context);
        return order;
    }

    private void saveFrontier(String time) {
        new ClockStore(clocks).saveFrontier(ms(time));
    }

    private List<String> signals() {
        return context.forwarded().stream()
                .map(forward -> describe(forward.record().key(), forward.record().value())).toList();
    }

    private static Record<String, Timed<Order>> advance(String time) {
        return new Record<>(SourceClock.NO_KEY, new Timed.Advance<>(ms(time)), 0L);
    }

    @SafeVarargs
    private static Record<String, Timed<Order>> batch(int partition, Timed.Event<Order>... events) {
        return new Record<>("k", batchOf(partition, List.of(events)), 0L);
    }

    private static Timed.Batch<Order> batchOf(int partition, List<? extends Timed<Order>> events) {
        byte[] encoded = EventBatches.start(PARTITIONS[partition], 3, 1, 0);
        for (Timed<Order> event : events) {
            Timed.Event<Order> each = (Timed.Event<Order>) event;
            encoded = EventBatches.append(encoded, Long.toString(each.event().orderId()), 0L, new RecordHeaders(),
                    each);
        }
        return EventBatches.batch(encoded, 0);
    }

    private static Timed.Event<Order> event(long id, int partition, String before) {
        return new Timed.Event<>(order(id), PARTITIONS[partition], 3, ms(before), ms(before));
    }

    private static Order order(long id) {
        return new Order(id, id, BigDecimal.ONE, Instant.parse("2026-01-22T10:00:00Z"));
    }
}
