package com.shopstream.join.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.EventBatches;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.scenario.CanonicalJson;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The join bound {@code order_ts <= paid_ts <= order_ts + 5 min}, at and around its edges. */
class JoinBoundTest {

    @AutoClose
    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("join-service");
        harness = new StreamsHarness(OrderPaymentJoinTopology.build(streams.builder(),
                JoinConfigs.defaults()), streams);
    }

    @Test
    void aPaymentMatchesFromTheOrderTimeToFiveMinutesLaterBothIncluded() {
        order(1, "10:00:00");
        payment(1, "p-before", "09:59:59.999");
        payment(1, "p-at-order", "10:00:00");
        payment(1, "p-at-bound", "10:05:00");
        payment(1, "p-after", "10:05:00.001");

        assertThat(paymentIds(harness.records("orders-paid"))).containsExactly("p-at-order", "p-at-bound");

        order(99, "11:00:00");   // the watermark passes 10:05: order 1 is paid, so no unpaid row for it
        assertThat(harness.records("orders-payment-status")).extracting(OutputRecord::key)
                .containsExactly("1", "1");
    }

    @Test
    void eachUnpaidCopyOfADuplicatedOrderIsReportedOnce() {
        order(10, "10:00:00");
        order(10, "10:00:00");
        order(99, "11:00:00");
        payment(97, "p97", "11:00:00");   // the payments input moves too: the join's watermark is the older of both

        assertThat(harness.records("orders-payment-status")).extracting(OutputRecord::key)
                .containsExactly("10", "10");
        order(98, "11:10:00");
        payment(96, "p96", "11:10:00");
        assertThat(harness.records("orders-payment-status")).hasSize(3);
    }

    @Test
    void aPaymentBeforeItsOrderArrivesStillMatches() {
        payment(2, "p", "10:01:00");
        order(2, "10:00:00");

        assertThat(paymentIds(harness.records("orders-paid"))).containsExactly("p");
    }

    @Test
    void anUnpaidOrderIsReportedOnceOnlyAfterTheWatermarkPassesItsBound() {
        order(3, "10:00:00");
        order(4, "10:08:00");        // watermark 10:05:00 = 10:00 + 5 min: a payment at 10:05 could still come
        assertThat(harness.records("orders-payment-status")).isEmpty();
        payment(5, "p5", "10:08:00.001");   // watermark 10:05:00.001: passed
        order(6, "10:09:00");

        List<OutputRecord> status = harness.records("orders-payment-status");
        assertThat(status).extracting(OutputRecord::key).containsExactly("3");
        assertThat(status.get(0).value()).isEqualTo("{\"order_id\":3,\"customer_id\":1,\"order_amount\":1.00,"
                + "\"order_ts\":\"2026-01-22T10:00:00Z\",\"payment_id\":null,\"paid_amount\":null,\"paid_ts\":null}");
        assertThat(harness.records("orders-paid")).isEmpty();
    }

    @Test
    void aRecordOlderThanItsOwnInputsWatermarkIsRefusedBeforeTheJoin() {
        order(7, "10:10:00");               // orders' watermark 10:07
        payment(7, "p7", "10:12:00");       // payments' watermark 10:09
        payment(8, "late-p", "10:08:59");   // behind the payments' watermark: refused
        order(8, "10:06:00");               // behind the orders' watermark: refused (plain Kafka Streams joins it)

        List<OutputRecord> late = harness.records("join-service-late");
        assertThat(late).extracting(OutputRecord::orderId).containsExactly(8L, 8L);
        assertThat(late).extracting(r -> r.headers().get("x-late-partition"))
                .containsExactly("payments-0", "orders-0");
        assertThat(late).extracting(r -> r.headers().get("x-late-watermark"))
                .containsExactly("2026-01-22T10:09:00Z", "2026-01-22T10:07:00Z");
        assertThat(paymentIds(harness.records("orders-paid"))).containsExactly("p7");
    }

    @Test
    void aPaymentIsJudgedByThePaymentsWatermarkNotTheOrders() {
        order(15, "10:10:00");             // orders' watermark 10:07
        payment(15, "p15", "10:12:00");    // payments' watermark 10:09
        order(16, "10:20:00");             // orders' watermark 10:17
        payment(15, "p15b", "10:14:00");   // behind the orders' watermark, not behind its own: joins order 15
        payment(16, "p16", "10:05:00");    // behind the payments' watermark (10:11): refused

        assertThat(paymentIds(harness.records("orders-paid"))).containsExactly("p15", "p15b");
        assertThat(harness.records("join-service-late")).extracting(OutputRecord::orderId).containsExactly(16L);
    }

    @Test
    void unpaidRowsWaitForThePaymentsInputUntilItIsIdle() {
        TestStreams streams = TestStreams.forDriver("join-service");
        streams.with(streams.eventTime().withIdleTimeout(Duration.ofSeconds(5)));
        harness.close();
        harness = new StreamsHarness(OrderPaymentJoinTopology.build(streams.builder(),
                JoinConfigs.defaults()), streams);
        payment(20, "p20", "10:00:00");
        order(21, "10:00:00");
        order(22, "10:30:00");
        assertThat(harness.records("orders-payment-status")).isEmpty();   // payments' watermark 09:57 holds it

        harness.advanceWallClock(Duration.ofMillis(100));
        harness.advanceWallClock(Duration.ofSeconds(5));   // both partitions caught up and quiet: idle
        order(23, "10:31:00");                            // orders read again: the payments partition stays idle

        assertThat(harness.records("orders-payment-status")).extracting(OutputRecord::key).containsExactly("21");
        payment(21, "p21-late", "10:02:00");   // on time for its partition, but the join's watermark is past it
        assertThat(harness.records("join-service-late")).extracting(r -> r.headers().get("x-late-cause"))
                .containsExactly("idle-partition");
    }

    @Test
    void eachCopyOfADuplicatedOrderJoins() {
        order(9, "10:00:00");
        order(9, "10:00:00");
        payment(9, "p9", "10:01:00");

        assertThat(paymentIds(harness.records("orders-paid"))).containsExactly("p9", "p9");
    }

    @Test
    void theJoinTakesBatchesApartAsTheOrdersAndPaymentsOneByOneTheyHold() {
        InputPartition orders = new InputPartition("orders", 0);
        InputPartition payments = new InputPartition("payments", 0);
        Order order = new Order(9, 1, BigDecimal.ONE, Instant.parse("2026-01-22T10:00:00Z"));
        Payment payment = new Payment("p9", 9, BigDecimal.ONE, Instant.parse("2026-01-22T10:01:00Z"));
        byte[] ordersBatch = EventBatches.start(orders, 1, 1, 0);
        for (int copy = 0; copy < 2; copy++) {
            ordersBatch = EventBatches.append(ordersBatch, "9", order.eventTimeMillis(), new RecordHeaders(),
                    new Timed.Event<>(order, orders, 1, copy == 0 ? Long.MIN_VALUE : order.eventTimeMillis(),
                            order.eventTimeMillis()));
        }
        byte[] paymentsBatch = EventBatches.append(EventBatches.start(payments, 1, 1, 1), "9",
                payment.eventTimeMillis(), new RecordHeaders(), new Timed.Event<>(payment, payments, 1,
                        Long.MIN_VALUE, payment.eventTimeMillis()));

        pipeRepartitioned(EventBatches.batch(ordersBatch, 0));
        pipeRepartitioned(EventBatches.batch(paymentsBatch, 0));

        assertThat(paymentIds(harness.records("orders-paid"))).containsExactly("p9", "p9");
    }

    @Test
    void storeAndProcessorNamesArePinned() {
        TopologyDescription description = OrderPaymentJoinTopology.build(TestStreams.forDriver("join-service").builder(),
                JoinConfigs.defaults()).describe();

        assertThat(TopologyNames.stores(description)).containsExactly("order-payment-join-by-order-id-batches",
                "order-payment-join-by-order-id-batches-before-commit", "order-payment-join-by-order-id-watermarks",
                "order-payment-join-by-order-id-watermarks-before-commit", "order-payment-join-late-orders",
                "order-payment-join-orders",
                "order-payment-join-payments", "order-payment-join-watermarks",
                "order-payment-join-watermarks-before-commit");
        assertThat(TopologyNames.topics(description)).contains("order-payment-join-by-order-id-repartition");
        assertThat(description.subtopologies()).hasSize(2);
    }

    private void order(long id, String time) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":1,"
                + "\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private void payment(long orderId, String paymentId, String time) {
        harness.pipe("payments", Long.toString(orderId), "{\"payment_id\":\"" + paymentId + "\",\"order_id\":" + orderId
                + ",\"amount\":1,\"paid_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private void pipeRepartitioned(Timed<OrderEvent> value) {
        String topic = "join-service-order-payment-join-by-order-id-repartition";
        harness.pipe(topic, new byte[0], new TimedSerde<>(OrderEvent.class).serializer().serialize(topic, value),
                new RecordHeaders());
    }

    private static List<String> paymentIds(List<OutputRecord> rows) {
        return rows.stream().map(r -> CanonicalJson.tree(r.value()).get("payment_id").asString()).toList();
    }
}
