package com.shopstream.join.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * One delay per input (Spark's {@code withWatermark} on each side of a join): a payment is judged against its
 * {@code payments} partition's newest event time − {@code payments-delay}, an order against its {@code orders}
 * partition's − {@code orders-delay}, and the query's watermark, which makes unpaid rows final, is the oldest of all
 * of those. A payment provider that reports minutes late keeps its payments with a longer payments delay.
 */
class JoinDelaysTest {

    private static final String PAID_1 = "{\"order_id\":1,\"customer_id\":1,\"order_amount\":1.00,"
            + "\"order_ts\":\"2026-01-22T10:00:00Z\",\"payment_id\":\"pay-1\",\"paid_amount\":1.00,"
            + "\"paid_ts\":\"2026-01-22T10:03:00Z\"}";
    private static final String PAID_4 = "{\"order_id\":4,\"customer_id\":1,\"order_amount\":1.00,"
            + "\"order_ts\":\"2026-01-22T10:30:00Z\",\"payment_id\":\"pay-4\",\"paid_amount\":1.00,"
            + "\"paid_ts\":\"2026-01-22T10:31:00Z\"}";
    private static final String UNPAID_1 = "{\"order_id\":1,\"customer_id\":1,\"order_amount\":1.00,"
            + "\"order_ts\":\"2026-01-22T10:00:00Z\",\"payment_id\":null,\"paid_amount\":null,\"paid_ts\":null}";
    private static final String UNPAID_2 = "{\"order_id\":2,\"customer_id\":1,\"order_amount\":1.00,"
            + "\"order_ts\":\"2026-01-22T10:01:00Z\",\"payment_id\":null,\"paid_amount\":null,\"paid_ts\":null}";

    @Test
    void aLongerPaymentsDelayKeepsASlowProvidersPaymentAndHoldsTheUnpaidRowsByIt() {
        try (StreamsHarness harness = harness(Map.of("shopstream.join.payments-delay", "10m"))) {
            slowProvider(harness);
            assertThat(harness.records("orders-payment-status")).as("the payments' watermark 09:59 holds order 2")
                    .extracting(OutputRecord::key, OutputRecord::value).containsExactly(pair("1", PAID_1));
            payment(harness, 4, "pay-4", "10:31:00");   // the query's watermark: min(10:27, 10:21)

            assertThat(harness.records("orders-paid")).extracting(OutputRecord::key, OutputRecord::value)
                    .containsExactly(pair("1", PAID_1), pair("4", PAID_4));
            assertThat(harness.records("orders-payment-status")).extracting(OutputRecord::key, OutputRecord::value)
                    .containsExactly(pair("1", PAID_1), pair("4", PAID_4), pair("2", UNPAID_2));
            assertThat(harness.records("join-service-late")).isEmpty();
        }
    }

    @Test
    void withTheDefaultDelayTheSameSlowPaymentIsLateAndItsOrderUnpaid() {
        try (StreamsHarness harness = harness(Map.of())) {
            slowProvider(harness);
            assertThat(harness.records("orders-payment-status")).as("the query's watermark: min(10:27, 10:06)")
                    .extracting(OutputRecord::key, OutputRecord::value).containsExactly(pair("1", UNPAID_1));
            payment(harness, 4, "pay-4", "10:31:00");

            assertThat(harness.records("orders-paid")).extracting(OutputRecord::key, OutputRecord::value)
                    .containsExactly(pair("4", PAID_4));
            assertThat(harness.records("orders-payment-status")).extracting(OutputRecord::key, OutputRecord::value)
                    .containsExactly(pair("1", UNPAID_1), pair("4", PAID_4), pair("2", UNPAID_2));
            List<OutputRecord> late = harness.records("join-service-late");
            assertThat(late).extracting(OutputRecord::key).containsExactly("1");
            assertThat(late.get(0).headers()).containsEntry("x-late-partition", "payments-0")
                    .containsEntry("x-late-watermark", "2026-01-22T10:06:00Z");
        }
    }

    @Test
    void anOrderIsStillJudgedByTheOrdersDelay() {
        try (StreamsHarness harness = harness(Map.of("shopstream.join.payments-delay", "10m"))) {
            order(harness, 5, "10:10:00");
            order(harness, 6, "10:06:59");   // 3 min 1 s behind its partition: late, whatever the payments' delay

            List<OutputRecord> late = harness.records("join-service-late");
            assertThat(late).extracting(OutputRecord::key).containsExactly("6");
            assertThat(late.get(0).headers()).containsEntry("x-late-partition", "orders-0")
                    .containsEntry("x-late-watermark", "2026-01-22T10:07:00Z");
        }
    }

    @Test
    void whileTheOrdersHoldTheWatermarkTheirOwnShorterDelayMakesUnpaidRowsFinal() {
        for (String paymentsDelay : new String[] {"3m", "10m"}) {
            try (StreamsHarness harness = harness(Map.of("shopstream.join.payments-delay", paymentsDelay))) {
                order(harness, 1, "10:00:00");
                payment(harness, 9, "pay-9", "10:30:00");   // payments far ahead: 10:27 or 10:20
                order(harness, 2, "10:08:00");             // orders' watermark 10:05: order 1's bound, not past it
                assertThat(harness.records("orders-payment-status")).as(paymentsDelay).isEmpty();
                order(harness, 3, "10:08:00.001");         // 10:05:00.001: past it, whatever the payments' delay

                assertThat(harness.records("orders-payment-status")).as(paymentsDelay)
                        .extracting(OutputRecord::key, OutputRecord::value).containsExactly(pair("1", UNPAID_1));
            }
        }
        try (StreamsHarness harness = harness(Map.of("shopstream.join.grace", "10m"))) {
            order(harness, 1, "10:00:00");
            payment(harness, 9, "pay-9", "10:30:00");
            order(harness, 3, "10:08:00.001");
            assertThat(harness.records("orders-payment-status")).as("10 minutes for the orders too: 09:58")
                    .isEmpty();
        }
    }

    /**
     * Orders 1 and 2; the provider reports pay-1 (10:03) after a payment at 10:09, 6 minutes behind it; then order 4
     * at 10:30 (its payment, at 10:31, comes next in each test). With a 10-minute payments delay the payments hold the
     * query's watermark at 10:09 − 10 min = 09:59 until pay-4 comes; with 3 minutes, at 10:06.
     */
    private static void slowProvider(StreamsHarness harness) {
        order(harness, 1, "10:00:00");
        order(harness, 2, "10:01:00");
        payment(harness, 3, "pay-3", "10:09:00");   // no order 3 comes: it matches nothing
        payment(harness, 1, "pay-1", "10:03:00");
        order(harness, 4, "10:30:00");
    }

    private static StreamsHarness harness(Map<String, String> settings) {
        TestStreams streams = TestStreams.forDriver("join-service");
        return new StreamsHarness(OrderPaymentJoinTopology.build(streams.builder(), JoinConfigs.with(settings)),
                streams);
    }

    private static Tuple pair(String key, String value) {
        return Tuple.tuple(key, value);
    }

    private static void order(StreamsHarness harness, long id, String time) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":1,"
                + "\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static void payment(StreamsHarness harness, long orderId, String paymentId, String time) {
        harness.pipe("payments", Long.toString(orderId), "{\"payment_id\":\"" + paymentId + "\",\"order_id\":"
                + orderId + ",\"amount\":1,\"paid_ts\":\"2026-01-22T" + time + "Z\"}");
    }
}
