package com.shopstream.benchmarks.baseline;

import com.shopstream.orders.config.OrdersProperties;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.Suppressed;
import org.apache.kafka.streams.kstream.TimeWindows;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The baseline: orders-service's 5-minute tumbling query in append mode written as a plain Kafka Streams application,
 * without Shopstream's layer (no strict reader, watermark step, late topic, dead letters, progress):
 * <pre>
 * orders (JSON) ─ event-time extractor ─ key "all" ─ repartition (1 partition) ─ 5 min window, 3 min grace ─
 *   count + sum ─ suppress until the window closes ─ output
 * </pre>
 * All orders meet in one partition, as in orders-service (an ungrouped query is one row per window over all orders).
 * Every store, processor and internal topic is named, as Shopstream's services do.
 */
public final class PlainWindowTopology {

    static final Duration SIZE = Duration.ofMinutes(5);
    /** orders-service's default watermark delay: bound, not copied. */
    static final Duration GRACE = OrdersProperties.defaults().grace();
    private static final String ALL = "all";

    private PlainWindowTopology() {
    }

    public static Topology build(StreamsBuilder builder, String ordersTopic, String outputTopic) {
        Serde<PlainOrder> orderSerde = JsonSerde.of(PlainOrder.class);
        Serde<CountAndSum> aggregateSerde = JsonSerde.of(CountAndSum.class);
        builder.stream(ordersTopic, Consumed.with(Serdes.String(), orderSerde)
                        .withTimestampExtractor(new OrderTimeExtractor())
                        .withName("baseline-orders-source"))
                .selectKey((orderId, order) -> ALL, Named.as("baseline-key-all"))
                .repartition(Repartitioned.<String, PlainOrder>as("baseline-orders-by-all")
                        .withKeySerde(Serdes.String()).withValueSerde(orderSerde).withNumberOfPartitions(1))
                .groupByKey(Grouped.as("baseline-grouped"))
                .windowedBy(TimeWindows.ofSizeAndGrace(SIZE, GRACE))
                .aggregate(() -> CountAndSum.EMPTY, (key, order, aggregate) -> aggregate.add(order),
                        Named.as("baseline-aggregate"),
                        Materialized.<String, CountAndSum, WindowStore<Bytes, byte[]>>as("baseline-per-5m-store")
                                .withKeySerde(Serdes.String()).withValueSerde(aggregateSerde))
                .suppress(Suppressed.untilWindowCloses(Suppressed.BufferConfig.unbounded())
                        .withName("baseline-final-buffer"))
                .toStream(Named.as("baseline-finals"))
                .map((window, aggregate) -> KeyValue.pair(
                        Instant.ofEpochMilli(window.window().start()) + "/" + Instant.ofEpochMilli(window.window().end()),
                        aggregate), Named.as("baseline-final-rows"))
                .to(outputTopic, Produced.with(Serdes.String(), aggregateSerde).withName("baseline-final-sink"));
        return builder.build();
    }
}
