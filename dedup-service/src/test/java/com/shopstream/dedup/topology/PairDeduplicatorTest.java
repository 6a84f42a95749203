package com.shopstream.dedup.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.QueryLateness;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.Test;

/**
 * The pair deduplication alone, started on a store that already holds pairs (a restart): the pairs are looked up and
 * expired in memory, so the memory must be built again from the store, or a copy of a stored pair would pass and the
 * stored pairs would stay for ever.
 */
class PairDeduplicatorTest {

    private static final String SEEN = DedupTopology.PAIRS_QUERY + "-seen";

    private final DedupConfig config = DedupConfigs.defaults();
    private final MockProcessorContext<String, Order> context = new MockProcessorContext<>(
            TestStreams.forDriver("dedup-service").properties());
    private final ExpiryIndex seen = new ExpiryIndex(MockStores.keyValue(context, SEEN, Serdes.Bytes(),
            Serdes.ByteArray()));
    private final PairDeduplicator deduplicator = new PairDeduplicator(
            new QueryLateness(DedupTopology.PAIRS_QUERY, config.grace(), new EventTimeBound()), SEEN);

    @Test
    void aCopyOfAPairTheStoreHeldAtTheStartIsDroppedAndAnotherPairPasses() {
        seen.add(ms("10:03:00"), OrderKeys.orderId(7));
        deduplicator.init(context);

        deduplicator.process(copy(7, "10:03:00"));
        deduplicator.process(copy(7, "10:03:01"));   // another order_ts: another pair

        assertThat(context.forwarded()).extracting(forwarded -> forwarded.record().value().orderTs())
                .containsExactly(Instant.ofEpochMilli(ms("10:03:01")));
        assertThat(stored()).containsExactly("7@" + ms("10:03:00"), "7@" + ms("10:03:01"));
    }

    @Test
    void whatTheStoreHeldAtTheStartGoesOnceTheWatermarkPassesItsOrderTs() {
        seen.add(ms("10:03:00"), OrderKeys.orderId(7));
        seen.add(ms("10:04:00"), OrderKeys.orderId(8));
        deduplicator.init(context);

        watermarkPasses("10:03:00");

        assertThat(stored()).containsExactly("8@" + ms("10:04:00"));
    }

    @Test
    void aPairStaysWhileTheWatermarkIsAtItsOrderTsAndGoesOnceTheWatermarkIsPastIt() {
        seen.add(ms("10:03:00"), OrderKeys.orderId(7));
        deduplicator.init(context);

        watermarkAt(ms("10:03:00"));
        deduplicator.process(copy(7, "10:03:00"));

        assertThat(context.forwarded()).as("not behind the watermark: a copy is still a duplicate").isEmpty();
        assertThat(stored()).containsExactly("7@" + ms("10:03:00"));

        watermarkAt(ms("10:03:00") + 1);

        assertThat(stored()).isEmpty();
    }

    @Test
    void aProcessorInitializedAgainForgetsThePairsItBuiltBefore() {
        seen.add(ms("10:03:00"), OrderKeys.orderId(7));
        deduplicator.init(context);
        seen.remove(ms("10:03:00"), OrderKeys.orderId(7));   // what the revived task's store holds: nothing
        deduplicator.init(context);   // Kafka Streams revives a corrupted task on the same processor

        deduplicator.process(copy(7, "10:03:00"));

        assertThat(context.forwarded()).as("the pair is not in the store: its copy passes").hasSize(1);
    }

    private static Record<String, Timed<Order>> copy(long orderId, String orderTs) {
        long at = ms(orderTs);
        Order order = new Order(orderId, 3, new BigDecimal("10.00"), Instant.ofEpochMilli(at));
        return new Record<>(Long.toString(orderId),
                new Timed.Event<>(order, new InputPartition("orders", 0), 1, InputClocks.NONE, at), at);
    }

    private void watermarkPasses(String time) {
        watermarkAt(ms(time) + 1);
    }

    /** The query's watermark moves to {@code watermark}: its frontier is the watermark plus the delay. */
    private void watermarkAt(long watermark) {
        long frontier = watermark + config.grace().toMillis();
        deduplicator.process(new Record<>("", new Timed.Advance<>(frontier), frontier));
    }

    /** The store's pairs, {@code orderId@orderTs}, in the store's order. */
    private List<String> stored() {
        List<String> pairs = new ArrayList<>();
        seen.forEach((orderId, orderTs) -> pairs.add(ByteBuffer.wrap(orderId).getLong() + "@" + orderTs));
        return pairs;
    }
}
