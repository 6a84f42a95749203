package com.shopstream.benchmarks.baseline;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;

/**
 * The floor under every query of the suite: a plain Kafka Streams application that reads the orders as bytes and
 * does nothing else — what Kafka Streams itself costs per record here (its consumer, record queues, source node,
 * metrics and the exactly-once commits), before any parsing or any query's work:
 * <pre>
 * orders (bytes) ─ (nothing)
 * </pre>
 * Nothing in it depends on time, so it keeps the default extractor (the record's own timestamp): the extractor only
 * decides which partition's record comes next, and reading the order's {@code order_ts} would mean parsing it.
 */
public final class PlainReadTopology {

    private PlainReadTopology() {
    }

    public static Topology build(StreamsBuilder builder, String ordersTopic) {
        builder.stream(ordersTopic, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray())
                        .withName("baseline-orders-bytes-source"))
                // one processor that takes each record, as every query's first step does
                .foreach((key, value) -> { }, Named.as("baseline-read-only"));
        return builder.build();
    }
}
