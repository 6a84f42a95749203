package com.shopstream.common.watermark;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.testing.CommitTicks;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.eventtime.InputPartition;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedForward;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The batcher before a repartition topic of two partitions, its reader behind in its partitions unless a test says
 * otherwise: what it sends when, and that a batch it has not sent yet is in its store (so that it commits with its
 * events).
 */
class RepartitionBatcherTest {

    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final InputPartition PAYMENTS_0 = new InputPartition("payments", 0);
    private static final String STORE = "batches";

    private MockProcessorContext<String, Timed<Order>> context;
    private KeyValueStore<String, byte[]> store;
    /** Records the reader has still to read in its partitions. */
    private long lag = 1_000;
    /** The repartition topic's partition count, as the cluster says. */
    private int repartitionPartitions = 2;
    /** The batcher started last, which a restart closes. */
    private RepartitionBatcher<Order> current;

    @BeforeEach
    void start() {
        EventTimeRuntime driver = TestStreams.forDriver("orders-service").eventTime();
        context = new MockProcessorContext<>(TestStreams.forDriver("orders-service").with(new EventTimeRuntime(
                driver.reportInterval(), driver.idleTimeout(), partition -> OptionalLong.of(lag),
                topic -> topic.endsWith("-q-repartition") ? OptionalInt.of(repartitionPartitions)
                        : OptionalInt.empty(), driver.endOffsets(), driver.futureBound(),
                driver.brokerClock())).properties());
        store = MockStores.writtenBeforeCommit(context, STORE, Serdes.String(), Serdes.ByteArray());
    }

    @Test
    void eventsGoInOneRecordPerDestinationWhenTheBatchIsFullEachWithItsKeyTimestampHeadersAndClocks() {
        RepartitionBatcher<Order> batcher = batcher(3);
        String key = keyFor(1);
        RecordHeaders headers = new RecordHeaders();
        headers.add("trace", "abc".getBytes(StandardCharsets.UTF_8));

        batcher.process(event(1, key, ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        batcher.process(event(2, key, ORDERS_0, 3, "10:00:00", "10:01:00", headers));
        assertThat(sent()).isEmpty();
        batcher.process(event(3, key, ORDERS_0, 3, "10:01:00", "10:01:00", new RecordHeaders()));

        List<EventBatches.Entry<Order>> entries = entries(context.forwarded().get(0));
        assertThat(entries).extracting(entry -> entry.event().event().orderId()).containsExactly(1L, 2L, 3L);
        EventBatches.Entry<Order> second = entries.get(1);
        assertThat(second.key()).isEqualTo(key);
        assertThat(second.timestamp()).isEqualTo(ms("10:01:00"));
        assertThat(second.headers().lastHeader("trace").value()).isEqualTo("abc".getBytes(StandardCharsets.UTF_8));
        assertThat(second.event()).isEqualTo(new Timed.Event<>(order(2, "10:01:00"), ORDERS_0, 3, ms("10:00:00"),
                ms("10:01:00")));
        Timed.Batch<Order> batch = (Timed.Batch<Order>) context.forwarded().get(0).record().value();
        assertThat(batch.destination()).isEqualTo(1);
        assertThat(batch.destinations()).isEqualTo(2);
        assertThat(batch.newestAfter()).isEqualTo(ms("10:01:00"));
        assertThat(batch.timestamp()).isEqualTo(ms("10:01:00"));
        assertThat(batch.partitionCount()).isEqualTo(3);
        assertThat(stored()).isEmpty();
    }

    @Test
    void everythingPendingGoesBeforeAReportInArrivalOrderAndOnTheTimerTwicePerCommitInterval() {
        RepartitionBatcher<Order> batcher = batcher(64);
        batcher.process(event(1, keyFor(1), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        batcher.process(event(2, keyFor(1), ORDERS_0, 3, "10:00:00", "10:00:10", new RecordHeaders()));
        batcher.process(event(3, keyFor(0), ORDERS_0, 3, "10:00:10", "10:08:00", new RecordHeaders()));
        assertThat(sent()).isEmpty();   // the reader is behind: the next report takes them
        Timed.Report<Order> report = new Timed.Report<>(ORDERS_0, 3, ms("10:08:00"), false, -1);

        batcher.process(new Record<>(SourceClock.NO_KEY, report, 0));

        assertThat(sent()).containsExactly("to 1 from orders-0: 1, 2", "to 0 from orders-0: 3", "report");
        batcher.process(event(4, keyFor(0), ORDERS_0, 3, "10:08:00", "10:08:30", new RecordHeaders()));
        MockProcessorContext.CapturedPunctuator timer = context.scheduledPunctuators().get(0);
        assertThat(timer.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        long commitInterval = CommitTicks.commitInterval(context);
        long reportInterval = TestStreams.forDriver("orders-service").eventTime().reportInterval().toMillis();
        assertThat(timer.getInterval()).isEqualTo(Duration.ofMillis(Math.min(commitInterval / 2, reportInterval)));
        timer.getPunctuator().punctuate(0);
        assertThat(sent()).containsExactly("to 0 from orders-0: 4");
    }

    @Test
    void theInputPartitionsOfOneTaskGetABatchEachSentInTheOrderTheirFirstEventsCame() {
        RepartitionBatcher<Order> batcher = batcher(64);
        batcher.process(event(1, keyFor(0), PAYMENTS_0, 3, "none", "10:00:00", new RecordHeaders()));
        batcher.process(event(2, keyFor(0), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        batcher.process(event(3, keyFor(0), PAYMENTS_0, 3, "10:00:00", "10:00:05", new RecordHeaders()));
        assertThat(stored()).containsExactly("0/orders/0", "0/payments/0");

        // a revived task: the same processor, closed and started again on what the store holds
        batcher.close();
        batcher.init(context);
        batcher.process(new Record<>(SourceClock.NO_KEY,
                new Timed.Report<>(ORDERS_0, 3, ms("10:00:00"), false, -1), 0));

        assertThat(sent()).containsExactly("to 0 from payments-0: 1, 3", "to 0 from orders-0: 2", "report");
        assertThat(stored()).isEmpty();
    }

    @Test
    void aBatchHoldsEventsThatKnowOnePartitionCountOfTheirTopic() {
        RepartitionBatcher<Order> batcher = batcher(64);
        batcher.process(event(1, keyFor(0), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        batcher.process(event(2, keyFor(0), ORDERS_0, 4, "10:00:00", "10:00:05", new RecordHeaders()));

        assertThat(sent()).containsExactly("to 0 from orders-0: 1");
        batcher.process(new Record<>(SourceClock.NO_KEY,
                new Timed.Report<>(ORDERS_0, 4, ms("10:00:05"), false, -1), 0));
        assertThat(context.forwarded()).extracting(forward -> forward.record().value())
                .first().satisfies(value -> assertThat(((Timed.Batch<Order>) value).partitionCount()).isEqualTo(4));
    }

    @Test
    void aBatchMadeForAnotherPartitionCountOfTheRepartitionTopicGoesEventByEvent() {
        RepartitionBatcher<Order> batcher = batcher(64);
        batcher.process(event(1, keyFor(0), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        batcher.process(event(2, keyFor(1), ORDERS_0, 3, "10:00:00", "10:00:05", new RecordHeaders()));

        repartitionPartitions = 3;
        batcher.process(new Record<>(SourceClock.NO_KEY,
                new Timed.Report<>(ORDERS_0, 3, ms("10:00:05"), false, -1), 0));

        assertThat(context.forwarded()).extracting(forward -> forward.record().key() + " "
                        + forward.record().value().getClass().getSimpleName())
                .containsExactly(keyFor(0) + " Event", keyFor(1) + " Event", " Report");
        assertThat(stored()).isEmpty();
    }

    @Test
    void aBatchFromBeforeARestartGoesEventByEventWhileTheTopicsPartitionCountIsNotKnownYet() {
        RepartitionBatcher<Order> before = batcher(64);
        before.process(event(1, keyFor(0), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        before.process(event(2, keyFor(1), ORDERS_0, 3, "10:00:00", "10:00:05", new RecordHeaders()));

        repartitionPartitions = 0;   // the cluster's answer has not come yet
        RepartitionBatcher<Order> restarted = batcher(64);
        restarted.process(new Record<>(SourceClock.NO_KEY,
                new Timed.Report<>(ORDERS_0, 3, ms("10:00:05"), false, -1), 0));

        assertThat(sent()).containsExactly("event 1", "event 2", "report");
        assertThat(stored()).isEmpty();
    }

    @Test
    void aReaderAtTheEndOfItsPartitionSendsEachEventAtOnceAfterWhatIsPendingAndSoDoesAnEventWithoutKey() {
        RepartitionBatcher<Order> batcher = batcher(64);
        batcher.process(event(1, keyFor(0), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        batcher.process(event(2, null, ORDERS_0, 3, "10:00:00", "10:00:01", new RecordHeaders()));
        assertThat(sent()).containsExactly("to 0 from orders-0: 1", "event 2");

        batcher.process(event(3, keyFor(0), ORDERS_0, 3, "10:00:01", "10:00:02", new RecordHeaders()));
        assertThat(stored()).hasSize(1);
        lag = 0;
        context.scheduledPunctuators().get(0).getPunctuator().punctuate(0);   // the timer looks at the lag again
        batcher.process(event(4, keyFor(1), ORDERS_0, 3, "10:00:02", "10:00:10", new RecordHeaders()));

        assertThat(sent()).containsExactly("to 0 from orders-0: 3", "event 4");
        assertThat(stored()).isEmpty();
    }

    @Test
    void anUnsentBatchIsInTheStoreAndARestartedBatcherSendsItWithTheNextEvents() {
        RepartitionBatcher<Order> first = batcher(64);
        first.process(event(1, keyFor(0), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));
        first.process(event(2, keyFor(0), ORDERS_0, 3, "10:00:00", "10:00:10", new RecordHeaders()));
        assertThat(sent()).isEmpty();
        assertThat(stored()).containsExactly("0/orders/0");

        // a crash after the commit: a new processor on the restored store
        RepartitionBatcher<Order> second = batcher(3);
        second.process(event(3, keyFor(0), ORDERS_0, 3, "10:00:10", "10:00:20", new RecordHeaders()));

        assertThat(sent()).containsExactly("to 0 from orders-0: 1, 2, 3");
        assertThat(stored()).isEmpty();
    }

    @Test
    void withOneEventPerBatchEventsPassAsTheyCameAfterWhatAnEarlierRunLeftInTheStore() {
        RepartitionBatcher<Order> earlier = batcher(64);
        earlier.process(event(1, keyFor(0), ORDERS_0, 3, "none", "10:00:00", new RecordHeaders()));

        RepartitionBatcher<Order> batcher = batcher(1);
        batcher.process(event(2, keyFor(0), ORDERS_0, 3, "10:00:00", "10:00:10", new RecordHeaders()));
        batcher.process(event(3, keyFor(0), ORDERS_0, 3, "10:00:10", "10:00:20", new RecordHeaders()));

        assertThat(sent()).containsExactly("to 0 from orders-0: 1", "event 2", "event 3");
        assertThat(stored()).isEmpty();
    }

    @Test
    void aBatchGoesOnlyToTheDestinationItWasMadeFor() {
        ReportsToEveryPartition<Order> partitioner = new ReportsToEveryPartition<>();
        Timed.Batch<Order> batch = EventBatches.batch(EventBatches.start(ORDERS_0, 3, 2, 0), 1);

        assertThat(partitioner.partitions("t", "", batch, 2)).isEqualTo(Optional.of(Set.of(1)));
        // a StreamsException: the task fails rather than dead-letter the record at hand (RecordFault)
        assertThatThrownBy(() -> partitioner.partitions("t", "", batch, 3))
                .isInstanceOf(StreamsException.class).hasMessageContaining("has 3 partitions");
    }

    /** A batcher (again, after a restart): on what the last commit left in the store. */
    private RepartitionBatcher<Order> batcher(int maxEvents) {
        commit();
        if (current != null) {
            current.close(); // as its task does, after that commit
        }
        context.resetForwards();
        current = new RepartitionBatcher<>(new RepartitionBatching(maxEvents, StateStoreKind.IN_MEMORY), Order.class,
                null, "q", STORE);
        current.init(context);
        return current;
    }

    /** What was sent since the last call, a line each; the batches' events by id. */
    private List<String> sent() {
        List<String> lines = context.forwarded().stream().map(forward -> {
            if (forward.record().value() instanceof Timed.Batch<Order> batch) {
                assertThat(forward.record().key()).isEqualTo(SourceClock.NO_KEY);
                return "to " + batch.destination() + " from " + batch.source() + ": " + String.join(", ",
                        entries(forward).stream().map(entry -> Long.toString(entry.event().event().orderId()))
                                .toList());
            }
            if (forward.record().value() instanceof Timed.Event<Order> event) {
                return "event " + event.event().orderId();
            }
            return forward.record().value() instanceof Timed.Report<Order> ? "report" : "other";
        }).toList();
        context.resetForwards();
        return lines;
    }

    private static List<EventBatches.Entry<Order>> entries(
            CapturedForward<? extends String, ? extends Timed<Order>> forward) {
        Timed.Batch<Order> batch = (Timed.Batch<Order>) forward.record().value();
        // what the operator behind reads: through the topic's format
        TimedSerde<Order> serde = new TimedSerde<>(Order.class);
        Timed.Batch<Order> read = (Timed.Batch<Order>) serde.deserializer().deserialize("t",
                serde.serializer().serialize("t", batch));
        return EventBatches.entries(read, Order.class);
    }

    /** What Kafka Streams does just before it commits the task (the changed batches are written). */
    private void commit() {
        MockStores.commit(context, STORE);
    }

    /** The batches in the store after a commit. */
    private List<String> stored() {
        commit();
        List<String> keys = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            all.forEachRemaining(batch -> keys.add(batch.key));
        }
        return keys;
    }

    /** A key the default partitioner puts in {@code partition} of two. */
    private static String keyFor(int partition) {
        for (int customer = 0; ; customer++) {
            String key = Integer.toString(customer);
            if (Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % 2 == partition) {
                return key;
            }
        }
    }

    private static Record<String, Timed<Order>> event(long id, String key, InputPartition source, int count,
                                                      String before, String after, RecordHeaders headers) {
        Order order = order(id, after);
        return new Record<>(key, new Timed.Event<>(order, source, count, ms(before), ms(after)),
                order.eventTimeMillis(), headers);
    }

    private static Order order(long id, String time) {
        return new Order(id, 7, new BigDecimal("1.25"), Instant.parse("2026-01-22T" + time + "Z"));
    }
}
