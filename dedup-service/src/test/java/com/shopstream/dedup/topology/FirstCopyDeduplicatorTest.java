package com.shopstream.dedup.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.QueryLateness;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The first-copy deduplication alone, started on a store that already holds orders (a restart): the order in which
 * they expire is in memory only, so it must be built again from the store, or their state would stay for ever.
 */
class FirstCopyDeduplicatorTest {

    private static final String SEEN = DedupTopology.BY_ID_QUERY + "-seen";

    private final DedupConfig config = DedupConfigs.defaults();
    private final MockProcessorContext<String, Order> context = new MockProcessorContext<>(
            TestStreams.forDriver("dedup-service").properties());
    private final KeyValueStore<Bytes, Long> seen = MockStores.keyValue(context, SEEN, Serdes.Bytes(),
            Serdes.Long());
    private final FirstCopyDeduplicator deduplicator = new FirstCopyDeduplicator(
            new QueryLateness(DedupTopology.BY_ID_QUERY, config.grace(), new EventTimeBound()), SEEN);
    private final Bytes early = Bytes.wrap(OrderKeys.orderId(7));
    private final Bytes later = Bytes.wrap(OrderKeys.orderId(8));

    @Test
    void whatTheStoreHeldAtTheStartGoesOnceTheWatermarkPassesItsExpiry() {
        seen.put(early, ms("10:03:00"));
        seen.put(later, ms("10:04:00"));
        deduplicator.init(context);

        watermarkPasses("10:03:00");

        assertThat(seen.get(early)).as("expired at 10:03:00").isNull();
        assertThat(seen.get(later)).isEqualTo(ms("10:04:00"));
    }

    @Test
    void aProcessorInitializedAgainForgetsTheOrderItBuiltBefore() {
        seen.put(early, ms("10:03:00"));
        deduplicator.init(context);
        seen.put(early, ms("10:05:00"));   // what the revived task's store holds
        deduplicator.init(context);   // Kafka Streams revives a corrupted task on the same processor

        watermarkPasses("10:03:00");

        assertThat(seen.get(early)).as("expires at 10:05:00 now").isEqualTo(ms("10:05:00"));
    }

    private void watermarkPasses(String time) {
        long frontier = ms(time) + 1 + config.grace().toMillis();
        deduplicator.process(new Record<>("", new Timed.Advance<>(frontier), frontier));
    }
}
