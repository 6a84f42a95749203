package com.shopstream.join.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.scenario.CanonicalJson;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import java.util.List;
import java.util.TreeSet;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The join bound {@code order_ts <= paid_ts <= order_ts + 5 min}, at and around its edges. */
class JoinBoundTest {

    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("join-service");
        harness = new StreamsHarness(OrderPaymentJoinTopology.build(streams.builder(),
                JoinConfig.contract(TestStreams.topics())), streams);
    }

    @AfterEach
    void stop() {
        harness.close();
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

        assertThat(harness.records("orders-payment-status")).extracting(OutputRecord::key)
                .containsExactly("10", "10");
        order(98, "11:10:00");
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
    void aRecordOlderThanTheWatermarkIsRefusedBeforeTheJoin() {
        order(7, "10:10:00");            // watermark 10:07
        payment(7, "late-p", "10:06:59");   // inside the bound of nothing: refused
        order(8, "10:06:00");            // plain Kafka Streams would still join this one
        payment(8, "p8", "10:09:00");

        assertThat(harness.records("join-service-late")).extracting(OutputRecord::orderId).containsExactly(7L, 8L);
        assertThat(paymentIds(harness.records("orders-paid"))).isEmpty();
    }

    @Test
    void eachCopyOfADuplicatedOrderJoins() {
        order(9, "10:00:00");
        order(9, "10:00:00");
        payment(9, "p9", "10:01:00");

        assertThat(paymentIds(harness.records("orders-paid"))).containsExactly("p9", "p9");
    }

    @Test
    void storeAndProcessorNamesArePinned() {
        TopologyDescription description = OrderPaymentJoinTopology.build(TestStreams.forDriver("join-service").builder(),
                JoinConfig.contract(TestStreams.topics())).describe();
        TreeSet<String> stores = new TreeSet<>();
        description.subtopologies().forEach(s -> s.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Processor processor) {
                stores.addAll(processor.stores());
            }
        }));

        assertThat(stores).containsExactly("order-payment-join-payments-expiry",
                "order-payment-join-payments-seen", "order-payment-join-pending-orders",
                "order-payment-join-store-other-join-store", "order-payment-join-store-this-join-store",
                "order-payment-join-watermark");
        assertThat(description.subtopologies()).hasSize(1);
    }

    private void order(long id, String time) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":1,"
                + "\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private void payment(long orderId, String paymentId, String time) {
        harness.pipe("payments", Long.toString(orderId), "{\"payment_id\":\"" + paymentId + "\",\"order_id\":" + orderId
                + ",\"amount\":1,\"paid_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static List<String> paymentIds(List<OutputRecord> rows) {
        return rows.stream().map(r -> CanonicalJson.tree(r.value()).get("payment_id").asString()).toList();
    }
}
