package com.shopstream.join.topology;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.serde.InputStreams;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.watermark.EventTimeBound;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Guarded;
import com.shopstream.common.watermark.LateRecordRouter;
import com.shopstream.common.watermark.WatermarkSpec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.JoinWindows;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.StreamJoined;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The order–payment interval join: a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}.
 * <pre>
 * orders   ─ key check ─┐                                   ┌─ split by type ─ orders ───┐
 *                       ├─ merge ─ event-time step ─────────┤                 payments ──┴─ join ─┬─ orders-paid
 * payments ─ key check ─┘      (one watermark) └─ late      └─ unpaid-order detector ─────────────┴─ orders-payment-status
 * </pre>
 * Both inputs go through one event-time step, so the watermark is the newest event time of either input minus the
 * delay (Kafka Streams' stream time for a join; Spark's {@code max} policy). A record older than it is refused before
 * the join: Kafka Streams alone would still join it (KAFKA-16123). The paid rows come from Kafka Streams' windowed
 * join as soon as a pair meets; the unpaid rows from {@link UnpaidOrderDetector}, once the watermark passes
 * {@code order_ts + bound}.
 */
public final class OrderPaymentJoinTopology {

    public static final String QUERY = "order-payment-join";

    private OrderPaymentJoinTopology() {
    }

    public static Topology build(StreamsBuilder builder, JoinConfig config) {
        ShopTopics topics = config.topics();
        KStream<String, ShopEvent> orders =
                InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()), "orders-source")
                        .mapValues(order -> (ShopEvent) order, Named.as("orders-as-events"));
        KStream<String, ShopEvent> payments =
                InputStreams.keyedByOrder(builder, topics.payments(config.paymentsTopic()), "payments-source")
                        .mapValues(payment -> (ShopEvent) payment, Named.as("payments-as-events"));
        WatermarkSpec spec = new WatermarkSpec(QUERY, config.grace(), new EventTimeBound(),
                List.of(config.ordersTopic(), config.paymentsTopic()));
        KStream<String, Guarded<ShopEvent>> guarded = LateRecordRouter.route(
                orders.merge(payments, Named.as("orders-and-payments")), spec, topics.events(config.lateTopic()));
        Map<String, KStream<String, ShopEvent>> admitted = guarded
                .mapValues(value -> ((Guarded.Admitted<ShopEvent>) value).event(), Named.as(QUERY + "-admitted"))
                .split(Named.as(QUERY + "-input-"))
                .branch((orderId, event) -> event instanceof Order, Branched.as("orders"))
                .defaultBranch(Branched.as("payments"));
        KStream<String, Order> onTimeOrders = admitted.get(QUERY + "-input-orders")
                .mapValues(event -> (Order) event, Named.as(QUERY + "-orders"));
        KStream<String, Payment> onTimePayments = admitted.get(QUERY + "-input-payments")
                .mapValues(event -> (Payment) event, Named.as(QUERY + "-payments"));

        KStream<String, JoinRow> paidRows = onTimeOrders.join(onTimePayments, JoinRow::paid,
                JoinWindows.ofTimeDifferenceAndGrace(config.bound(), config.grace()).before(Duration.ZERO),
                StreamJoined.with(topics.keySerde(), topics.orderSerde(), topics.paymentSerde())
                        .withName(QUERY)
                        .withStoreName(QUERY + "-store"));
        String pending = QUERY + "-pending-orders";
        String seen = QUERY + "-payments-seen";
        String seenExpiry = QUERY + "-payments-expiry";
        long bound = config.bound().toMillis();
        KStream<String, JoinRow> unpaidRows = guarded.process(new ProcessorSupplier<>() {
            @Override
            public Processor<String, Guarded<ShopEvent>, String, JoinRow> get() {
                return new UnpaidOrderDetector(bound, pending, seen, seenExpiry);
            }

            @Override
            public Set<StoreBuilder<?>> stores() {
                return Set.of(
                        Stores.keyValueStoreBuilder(config.stores().keyValue(pending), Serdes.Bytes(),
                                topics.orderSerde()),
                        Stores.keyValueStoreBuilder(config.stores().keyValue(seen), Serdes.Bytes(),
                                Serdes.ByteArray()),
                        ExpiryIndex.storeBuilder(seenExpiry, config.stores()));
            }
        }, Named.as(QUERY + "-unpaid-orders"));

        Topic<String, JoinRow> status = topics.joinRows(config.statusTopic());
        Topic<String, JoinRow> paid = topics.joinRows(config.paidTopic());
        paidRows.to(paid.name(), paid.producedAs(QUERY + "-paid-sink"));
        paidRows.to(status.name(), status.producedAs(QUERY + "-status-paid-sink"));
        unpaidRows.to(status.name(), status.producedAs(QUERY + "-status-unpaid-sink"));
        return builder.build();
    }
}
