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

    @Test
    void whatTheStoreHeldAtTheStartGoesOnceTheWatermarkPassesItsExpiry() {
        DedupConfig config = DedupConfigs.defaults();
        MockProcessorContext<String, Order> context = new MockProcessorContext<>(
                TestStreams.forDriver("dedup-service").properties());
        KeyValueStore<Bytes, Long> seen = MockStores.keyValue(context, SEEN, Serdes.Bytes(), Serdes.Long());
        Bytes early = Bytes.wrap(OrderKeys.orderId(7));
        Bytes later = Bytes.wrap(OrderKeys.orderId(8));
        seen.put(early, ms("10:03:00"));
        seen.put(later, ms("10:04:00"));
        QueryLateness byId = new QueryLateness(DedupTopology.BY_ID_QUERY, config.grace(), new EventTimeBound());
        FirstCopyDeduplicator deduplicator = new FirstCopyDeduplicator(byId, SEEN);
        deduplicator.init(context);

        long frontier = ms("10:03:00") + 1 + config.grace().toMillis();   // the watermark passes 10:03:00
        deduplicator.process(new Record<>("", new Timed.Advance<>(frontier), frontier));

        assertThat(seen.get(early)).as("expired at 10:03:00").isNull();
        assertThat(seen.get(later)).isEqualTo(ms("10:04:00"));
    }
}
