package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.serde.InputStreams;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.watermark.EventTimeBound;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Guarded;
import com.shopstream.common.watermark.LateRecordRouter;
import com.shopstream.common.watermark.WatermarkSpec;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Both of Spark's streaming deduplications, each after common's event-time step (records older than the watermark
 * are too late and go to the late topic):
 * <pre>
 * orders ─ key check ─┬─ orders-deduped event-time step ─ (order_id, order_ts) dedup ─ orders-deduped
 *                     └─ orders-deduped-by-id event-time step ─ first copy per order_id ─ orders-deduped-by-id
 * </pre>
 * Orders are keyed and partitioned by {@code order_id}, so every copy of an order meets in one task without a
 * repartition. State is evicted by the watermark, so it holds about (input rate × delay) keys, not the history.
 */
public final class DedupTopology {

    public static final String PAIRS_QUERY = "orders-deduped";
    public static final String BY_ID_QUERY = "orders-deduped-by-id";

    private DedupTopology() {
    }

    public static Topology build(StreamsBuilder builder, DedupConfig config) {
        ShopTopics topics = config.topics();
        KStream<String, Order> orders =
                InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()), "orders-source");
        Topic<String, Order> late = topics.orders(config.lateTopic());
        if (config.pairsTopic() != null) {
            WatermarkSpec spec = spec(PAIRS_QUERY, config);
            String seen = PAIRS_QUERY + "-seen";
            Topic<String, Order> out = topics.orders(config.pairsTopic());
            LateRecordRouter.route(orders, spec, late)
                    .processValues(supplier(() -> new PairDeduplicator(spec, seen, config.evictionInterval()),
                            ExpiryIndex.storeBuilder(seen, config.stores())), Named.as(PAIRS_QUERY + "-dedup"))
                    .to(out.name(), out.producedAs(PAIRS_QUERY + "-sink"));
        }
        if (config.byIdTopic() != null) {
            WatermarkSpec spec = spec(BY_ID_QUERY, config);
            String seen = BY_ID_QUERY + "-seen";
            String expiry = BY_ID_QUERY + "-expiry";
            Topic<String, Order> out = topics.orders(config.byIdTopic());
            LateRecordRouter.route(orders, spec, late)
                    .processValues(supplier(() -> new FirstCopyDeduplicator(spec, seen, expiry,
                                    config.evictionInterval()),
                            Stores.keyValueStoreBuilder(config.stores().keyValue(seen), Serdes.Bytes(), Serdes.Long()),
                            ExpiryIndex.storeBuilder(expiry, config.stores())), Named.as(BY_ID_QUERY + "-dedup"))
                    .to(out.name(), out.producedAs(BY_ID_QUERY + "-sink"));
        }
        return builder.build();
    }

    private static WatermarkSpec spec(String query, DedupConfig config) {
        return new WatermarkSpec(query, config.delay(), new EventTimeBound(), List.of(config.ordersTopic()));
    }

    private static FixedKeyProcessorSupplier<String, Guarded<Order>, Order> supplier(
            java.util.function.Supplier<FixedKeyProcessor<String, Guarded<Order>, Order>> processor,
            StoreBuilder<?>... stores) {
        return new FixedKeyProcessorSupplier<>() {
            @Override
            public FixedKeyProcessor<String, Guarded<Order>, Order> get() {
                return processor.get();
            }

            @Override
            public Set<StoreBuilder<?>> stores() {
                return Set.of(stores);
            }
        };
    }
}
