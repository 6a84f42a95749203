package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.ResultKeys;
import com.shopstream.common.model.WindowResult;
import com.shopstream.common.serde.InputStreams;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.watermark.Guarded;
import com.shopstream.common.watermark.LateRecordRouter;
import com.shopstream.common.watermark.TimeWindowLateness;
import com.shopstream.common.watermark.WatermarkSpec;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.Suppressed;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.state.WindowStore;

/**
 * Counts and totals of orders per event-time window, for each configured {@link WindowQuery}:
 * <pre>
 * orders ─ key check ─ key by group ─ repartition (orders-by-&lt;group&gt;) ─┬─ &lt;query&gt; event-time step ─┬─ late topic
 *                                                                   │                            └─ window aggregate ─┬─ update topic
 *                                                                   └─ (next query, same group)                       └─ suppress ─ final topic
 * </pre>
 * Orders are re-keyed by group before the event-time step, and every order of a group meets in one task: the
 * watermark the step keeps is then the one the window aggregate sees (for an ungrouped query, all orders meet in
 * a single partition, as all rows meet in Spark's single aggregation state). Queries that group alike share the
 * repartition topic.
 */
public final class OrderWindowTopology {

    private OrderWindowTopology() {
    }

    public static Topology build(StreamsBuilder builder, OrderWindowConfig config) {
        ShopTopics topics = config.topics();
        KStream<String, Order> orders =
                InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()), "orders-source");
        Map<Optional<GroupBy>, KStream<String, Order>> byGroup = new HashMap<>();
        for (WindowQuery query : config.queries()) {
            KStream<String, Order> grouped = byGroup.computeIfAbsent(Optional.ofNullable(query.groupBy()),
                    groupBy -> regroup(orders, groupBy.orElse(null), topics));
            addQuery(grouped, query, config);
        }
        return builder.build();
    }

    private static KStream<String, Order> regroup(KStream<String, Order> orders, GroupBy groupBy, ShopTopics topics) {
        String name = GroupBy.partitionName(groupBy);
        Repartitioned<String, Order> repartitioned = Repartitioned.<String, Order>as(name)
                .withKeySerde(topics.keySerde())
                .withValueSerde(topics.orderSerde());
        if (groupBy == null) {
            repartitioned = repartitioned.withNumberOfPartitions(1);
        }
        return orders
                .selectKey((orderId, order) -> groupBy == null ? GroupBy.ALL : groupBy.groupOf(order),
                        Named.as(name + "-key"))
                .repartition(repartitioned);
    }

    private static void addQuery(KStream<String, Order> grouped, WindowQuery query, OrderWindowConfig config) {
        ShopTopics topics = config.topics();
        String name = query.name();
        WatermarkSpec spec = new WatermarkSpec(name, query.grace(),
                new TimeWindowLateness(query.size(), query.advance()), List.of(config.ordersTopic()))
                .withStreamTimeMarks();
        KStream<String, Guarded<Order>> admitted =
                LateRecordRouter.route(grouped, spec, topics.orders(config.lateTopic()));

        KTable<Windowed<String>, WindowAggregate> windows = admitted
                .groupByKey(Grouped.as(name + "-grouped"))
                .windowedBy(TimeWindows.ofSizeAndGrace(query.size(), query.grace()).advanceBy(query.advance()))
                .aggregate(() -> WindowAggregate.EMPTY, new WindowAggregator(), Named.as(name + "-aggregate"),
                        Materialized.<String, WindowAggregate, WindowStore<Bytes, byte[]>>as(query.storeName())
                                .withKeySerde(topics.keySerde())
                                .withValueSerde(new WindowAggregateSerde())
                                .withRetention(query.retention()));

        if (query.updateTopic() != null) {
            Topic<String, WindowResult> updates = topics.windowResults(query.updateTopic());
            windows.toStream(Named.as(name + "-updates"))
                    // a stream-time mark deletes the empty window it would have created: not a change to report
                    .filter((window, aggregate) -> aggregate != null, Named.as(name + "-updates-present"))
                    .map((window, aggregate) -> row(query, window, aggregate), Named.as(name + "-update-rows"))
                    .to(updates.name(), updates.producedAs(name + "-update-sink"));
        }
        if (query.finalTopic() != null) {
            Topic<String, WindowResult> finals = topics.windowResults(query.finalTopic());
            // A full buffer stops the service rather than emit a window before it is final: append mode promises
            // exactly one row per window. It holds one entry per open window and group; size it with
            // shopstream.orders.suppression-buffer-size.
            windows.suppress(Suppressed.untilWindowCloses(Suppressed.BufferConfig
                                    .maxBytes(config.suppressionBufferBytes()).shutDownWhenFull())
                            .withName(name + "-final-buffer"))
                    .toStream(Named.as(name + "-finals"))
                    .map((window, aggregate) -> row(query, window, aggregate), Named.as(name + "-final-rows"))
                    .to(finals.name(), finals.producedAs(name + "-final-sink"));
        }
    }

    static KeyValue<String, WindowResult> row(WindowQuery query, Windowed<String> window, WindowAggregate aggregate) {
        Instant start = window.window().startTime();
        Instant end = window.window().endTime();
        return KeyValue.pair(
                ResultKeys.window(query.isGrouped() ? window.key() : null, start, end),
                new WindowResult(start, end, aggregate.orders(), aggregate.total().setScale(2, RoundingMode.UNNECESSARY)));
    }
}
