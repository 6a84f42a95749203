package com.shopstream.join.topology;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.PaymentMismatch;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.model.UnmatchedPayment;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.streams.InputStreams;
import com.shopstream.common.streams.ProcessorSuppliers;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.FrontierStep;
import com.shopstream.common.watermark.RepartitionBatching;
import com.shopstream.common.watermark.SourceStep;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.QueryLateness;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;

/**
 * The order–payment interval join: a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}.
 * <pre>
 * orders   ─ key check ─┐
 *                       ├─ merge ─ source step (clocks) ─ repartition by order_id (events, and reports to every
 * payments ─ key check ─┘        partition) ─ frontier tracker ─ interval join ─┬─ orders-paid, orders-payment-status
 *                                                                               ├─ orders-payment-status (unpaid)
 *                                                                               ├─ payments-unmatched, -mismatched
 *                                                                               └─ late topic
 * </pre>
 * An order is late against the watermark of its {@code orders} partition, a payment against that of its
 * {@code payments} partition, decided once, by the join behind the repartition, against the partition's clock the
 * source step sends with each record: the reconciliation needs the late orders too (which unmatched payment had an
 * order that came too late), so every record crosses the repartition. The join runs on the query's watermark: the
 * oldest watermark of every partition of both inputs. The repartition by order id (Kafka's default partitioner) is
 * also what brings an order and its payment together whatever partitioner wrote the inputs.
 */
public final class OrderPaymentJoinTopology {

    public static final String QUERY = "order-payment-join";
    /** The repartition topic ({@code <name>-repartition}) and the tracker behind it. */
    public static final String BY_ORDER_ID = QUERY + "-by-order-id";

    private OrderPaymentJoinTopology() {
    }

    public static Topology build(StreamsBuilder builder, JoinConfig config) {
        ShopTopics topics = config.topics();
        KStream<String, OrderEvent> orders =
                InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()), "orders-source")
                        .mapValues(order -> (OrderEvent) order, Named.as("orders-as-events"));
        KStream<String, OrderEvent> payments =
                InputStreams.keyedByOrder(builder, topics.payments(config.paymentsTopic()), "payments-source")
                        .mapValues(payment -> (OrderEvent) payment, Named.as("payments-as-events"));
        // Spark's withWatermark on each side: each input's partitions judged with their own delay, the query's
        // watermark the oldest of all of them
        QueryLateness query = QueryLateness.perInput(QUERY, config.delays(), new EventTimeBound());
        List<String> inputs = List.of(config.ordersTopic(), config.paymentsTopic());
        Topic<String, OrderEvent> late = topics.events(config.lateTopic());

        KStream<String, Timed<OrderEvent>> timed = EventTimeSteps.source(
                orders.merge(payments, Named.as("orders-and-payments")),
                // payments-service writes each payment to the partition numbered like its payments-raw partition
                new SourceStep(QUERY, inputs, List.of(query), SourceStep.Mode.REPORTS,
                        Set.of(config.paymentsTopic()), Set.copyOf(inputs)), late);
        FrontierStep frontier = new FrontierStep(BY_ORDER_ID, inputs, List.of(query));
        RepartitionBatching batching = new RepartitionBatching(config.repartitionBatchSize(), config.stores());
        KStream<String, Timed<OrderEvent>> tracked = EventTimeSteps.track(EventTimeSteps.repartition(timed,
                BY_ORDER_ID, event -> Long.toString(event.orderId()), OrderEvent.class, null, batching), frontier);

        IntervalJoinProcessor.JoinStores stores = new IntervalJoinProcessor.JoinStores(QUERY + "-orders",
                QUERY + "-payments", QUERY + "-late-orders", frontier.storeName());
        long bound = config.bound().toMillis();
        // no expiry index stores: when a copy expires follows from its key, and the processor orders its copies by
        // it in memory (ExpiryQueue), built again from these stores at every start
        Map<String, KStream<String, JoinResult>> results = tracked
                .process(ProcessorSuppliers.withStores(() -> new IntervalJoinProcessor(query, bound, stores),
                                config.stores().keyValueStore(stores.orders(),
                                        Serdes.Bytes(), Serdes.ByteArray()),
                                config.stores().keyValueStore(stores.payments(),
                                        Serdes.Bytes(), Serdes.ByteArray()),
                                config.stores().keyValueStore(stores.lateOrders(),
                                        Serdes.Bytes(), Serdes.ByteArray())),
                        Named.as(QUERY), frontier.storeName())
                .split(Named.as(QUERY + "-"))
                .branch((key, result) -> result instanceof JoinResult.Paid, Branched.as("paid"))
                .branch((key, result) -> result instanceof JoinResult.Unpaid, Branched.as("unpaid"))
                .branch((key, result) -> result instanceof JoinResult.Unmatched, Branched.as("unmatched"))
                .branch((key, result) -> result instanceof JoinResult.Mismatched, Branched.as("mismatched"))
                .defaultBranch(Branched.as("late"));

        Topic<String, JoinRow> status = topics.joinRows(config.statusTopic());
        Topic<String, JoinRow> paid = topics.joinRows(config.paidTopic());
        KStream<String, JoinRow> paidRows = results.get(QUERY + "-paid")
                .mapValues(result -> ((JoinResult.Paid) result).row(), Named.as(QUERY + "-paid-rows"));
        paidRows.to(paid.name(), paid.producedAs(QUERY + "-paid-sink"));
        paidRows.to(status.name(), status.producedAs(QUERY + "-status-paid-sink"));
        results.get(QUERY + "-unpaid")
                .mapValues(result -> ((JoinResult.Unpaid) result).row(), Named.as(QUERY + "-unpaid-rows"))
                .to(status.name(), status.producedAs(QUERY + "-status-unpaid-sink"));
        Topic<String, UnmatchedPayment> unmatched = topics.unmatchedPayments(config.unmatchedTopic());
        results.get(QUERY + "-unmatched")
                .mapValues(result -> ((JoinResult.Unmatched) result).row(), Named.as(QUERY + "-unmatched-rows"))
                .to(unmatched.name(), unmatched.producedAs(QUERY + "-unmatched-sink"));
        Topic<String, PaymentMismatch> mismatched = topics.paymentMismatches(config.mismatchedTopic());
        results.get(QUERY + "-mismatched")
                .mapValues(result -> ((JoinResult.Mismatched) result).row(), Named.as(QUERY + "-mismatched-rows"))
                .to(mismatched.name(), mismatched.producedAs(QUERY + "-mismatched-sink"));
        results.get(QUERY + "-late")
                .mapValues(result -> ((JoinResult.Late) result).event(), Named.as(QUERY + "-judged-late-records"))
                .to(late.name(), late.producedAs(QUERY + "-judged-late-sink"));
        return builder.build();
    }
}
