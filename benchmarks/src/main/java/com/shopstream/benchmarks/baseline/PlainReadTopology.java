package com.shopstream.benchmarks.baseline;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;

/**
 * The floor under every query of the suite: a plain Kafka Streams application that reads the orders on event time,
 * parses each one as the other baselines do, and keeps and writes nothing — what Kafka Streams itself costs per record
 * here (its consumer, record queues, source node, metrics and the exactly-once commits), before any query's work:
 * <pre>
 * orders (JSON) ─ event-time extractor ─ (nothing)
 * </pre>
 */
public final class PlainReadTopology {

    private PlainReadTopology() {
    }

    public static Topology build(StreamsBuilder builder, String ordersTopic) {
        builder.stream(ordersTopic, Consumed.with(Serdes.String(), JsonSerde.of(PlainOrder.class))
                        .withTimestampExtractor(new OrderTimeExtractor())
                        .withName("baseline-orders-source"))
                // a processor is needed for the topology to read at all; it ends each order's path
                .foreach((orderId, order) -> { }, Named.as("baseline-read-only"));
        return builder.build();
    }
}
