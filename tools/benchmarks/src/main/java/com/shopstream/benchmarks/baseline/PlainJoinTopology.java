package com.shopstream.benchmarks.baseline;

import com.shopstream.join.config.JoinProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.time.Duration;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.JoinWindows;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.StreamJoined;

/**
 * join-service's order–payment join written as a plain Kafka Streams application, without Shopstream's layer (no
 * strict reader, shared watermark step, late topic, dead letters, progress):
 * <pre>
 * orders   (JSON, order_ts) ─┬─ join      (payment 0..5 min after its order, 3 min grace) ─ paid rows
 * payments (JSON, paid_ts)  ─┘  leftJoin  (the same window)                                ─ status rows
 * </pre>
 * Both inputs are keyed by order id and co-partitioned, so there is no repartition. The inner join gives
 * {@code orders-paid}; the left join gives {@code orders-payment-status}: paid rows as pairs meet, an order that
 * found no payment once stream time passes its window's end plus the grace (Kafka Streams holds unmatched left rows
 * back until then). join-service does the second with its own unpaid-order detector on the same join; here it is
 * Kafka Streams' own operator, with its own window stores. Every store, processor and internal topic is named.
 */
public final class PlainJoinTopology {

    /** A payment matches an order when {@code order_ts <= paid_ts <= order_ts + BOUND} (the contract's bound). */
    static final Duration BOUND = JoinProperties.defaults().bound();
    /** join-service's default watermark delay. */
    static final Duration GRACE = JoinProperties.defaults().grace();

    private PlainJoinTopology() {
    }

    public static Topology build(StreamsBuilder builder, String ordersTopic, String paymentsTopic, String paidTopic,
                                 String statusTopic) {
        Serde<PlainOrder> orderSerde = JsonSerde.of(PlainOrder.class);
        Serde<PlainPayment> paymentSerde = JsonSerde.of(PlainPayment.class);
        Serde<JoinRow> rowSerde = JsonSerde.of(JoinRow.class);
        KStream<String, PlainOrder> orders = builder.stream(ordersTopic, Consumed.with(Serdes.String(), orderSerde)
                .withTimestampExtractor(new OrderTimeExtractor())
                .withName("baseline-orders-source"));
        KStream<String, PlainPayment> payments = builder.stream(paymentsTopic,
                Consumed.with(Serdes.String(), paymentSerde)
                        .withTimestampExtractor(new PaymentTimeExtractor())
                        .withName("baseline-payments-source"));
        JoinWindows window = JoinWindows.ofTimeDifferenceAndGrace(BOUND, GRACE).before(Duration.ZERO);

        orders.join(payments, JoinRow::paid, window,
                        StreamJoined.with(Serdes.String(), orderSerde, paymentSerde)
                                .withName("baseline-paid-join")
                                .withStoreName("baseline-paid-join-store"))
                .to(paidTopic, Produced.with(Serdes.String(), rowSerde).withName("baseline-paid-sink"));
        orders.leftJoin(payments, (order, payment) -> payment == null ? JoinRow.unpaid(order)
                                : JoinRow.paid(order, payment), window,
                        StreamJoined.with(Serdes.String(), orderSerde, paymentSerde)
                                .withName("baseline-status-join")
                                .withStoreName("baseline-status-join-store"))
                .to(statusTopic, Produced.with(Serdes.String(), rowSerde).withName("baseline-status-sink"));
        return builder.build();
    }

    /** An order with its payment; the payment fields are {@code null} for an order that found none in time. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public record JoinRow(@JsonProperty("order_id") long orderId,
                          @JsonProperty("customer_id") long customerId,
                          @JsonProperty("order_amount") BigDecimal orderAmount,
                          @JsonProperty("order_ts") String orderTs,
                          @JsonProperty("payment_id") String paymentId,
                          @JsonProperty("paid_amount") BigDecimal paidAmount,
                          @JsonProperty("paid_ts") String paidTs) {

        static JoinRow paid(PlainOrder order, PlainPayment payment) {
            return new JoinRow(order.orderId(), order.customerId(), order.amount(), order.orderTs(),
                    payment.paymentId(), payment.amount(), payment.paidTs());
        }

        static JoinRow unpaid(PlainOrder order) {
            return new JoinRow(order.orderId(), order.customerId(), order.amount(), order.orderTs(), null, null, null);
        }
    }
}
