package com.shopstream.common.testing;

import com.shopstream.common.model.Order;
import com.shopstream.common.serde.InputStreams;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.watermark.LateRecordRouter;
import com.shopstream.common.watermark.WatermarkSpec;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;

/**
 * A harness for testing common's event-time step on its own, not a service: orders in, the step, admitted orders
 * out. Services test their own topologies; this only gives the library step a source and a sink.
 */
public final class GuardedOrdersFixture {

    public static final String INPUT = "orders";
    public static final String ADMITTED = "admitted-orders";
    public static final String LATE = "fixture-late";

    private GuardedOrdersFixture() {
    }

    public static Topology build(StreamsBuilder builder, ShopTopics topics, WatermarkSpec spec) {
        LateRecordRouter.admitted(InputStreams.keyedByOrder(builder, topics.orders(INPUT), "orders-source"), spec,
                        topics.orders(LATE))
                .to(ADMITTED, topics.orders(ADMITTED).producedAs("admitted-sink"));
        return builder.build();
    }
}
