package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.streams.InputStreams;
import com.shopstream.common.streams.ProcessorSuppliers;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.SourceStep;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.QueryLateness;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;

/**
 * Both of Spark's streaming deduplications behind one source step (a record older than its partition's watermark is
 * too late for both, and goes to the late topic once per deduplication):
 * <pre>
 * orders ─ key check ─ source step ─┬─ late topic
 *                                   ├─ (order_id, order_ts) dedup ─ orders-deduped
 *                                   └─ first copy per order_id ─ orders-deduped-by-id
 * </pre>
 * Orders are keyed and partitioned by {@code order_id}, so every copy of an order meets in one task without a
 * repartition, and whether a copy is a duplicate depends only on its partition: each decision is taken against the
 * partition's watermark just before the copy. State is evicted by the watermark of the task's partition, so it holds
 * about (input rate × delay) keys, not the history.
 */
public final class DedupTopology {

    public static final String PAIRS_QUERY = "orders-deduped";
    public static final String BY_ID_QUERY = "orders-deduped-by-id";
    /** The source step of the orders (processor {@code orders-source-clock}, store {@code orders-watermarks}). */
    public static final String SOURCE = "orders";

    private DedupTopology() {
    }

    public static Topology build(StreamsBuilder builder, DedupConfig config) {
        ShopTopics topics = config.topics();
        KStream<String, Order> orders =
                InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()), "orders-source");
        QueryLateness pairs = new QueryLateness(PAIRS_QUERY, config.grace(), new EventTimeBound());
        QueryLateness byId = new QueryLateness(BY_ID_QUERY, config.grace(), new EventTimeBound());
        List<QueryLateness> queries = new ArrayList<>();
        if (config.pairsTopic() != null) {
            queries.add(pairs);
        }
        if (config.byIdTopic() != null) {
            queries.add(byId);
        }
        KStream<String, Timed<Order>> timed = EventTimeSteps.source(orders,
                new SourceStep(SOURCE, List.of(config.ordersTopic()), queries, SourceStep.Mode.LOCAL),
                topics.orders(config.lateTopic()));
        if (config.pairsTopic() != null) {
            String seen = PAIRS_QUERY + "-seen";
            Topic<String, Order> out = topics.orders(config.pairsTopic());
            timed.process(ProcessorSuppliers.withStores(() -> new PairDeduplicator(pairs, seen),
                            ExpiryIndex.storeBuilder(seen, config.stores())), Named.as(PAIRS_QUERY + "-dedup"))
                    .to(out.name(), out.producedAs(PAIRS_QUERY + "-sink"));
        }
        if (config.byIdTopic() != null) {
            String seen = BY_ID_QUERY + "-seen";
            Topic<String, Order> out = topics.orders(config.byIdTopic());
            timed.process(ProcessorSuppliers.withStores(() -> new FirstCopyDeduplicator(byId, seen),
                            config.stores().keyValueStore(seen, Serdes.Bytes(), Serdes.Long())),
                    Named.as(BY_ID_QUERY + "-dedup"))
                    .to(out.name(), out.producedAs(BY_ID_QUERY + "-sink"));
        }
        return builder.build();
    }
}
