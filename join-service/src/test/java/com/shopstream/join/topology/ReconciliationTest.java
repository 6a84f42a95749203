package com.shopstream.join.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import java.util.List;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/**
 * The reconciliation, the full outer side of the join: a payment no order matched ({@code payments-unmatched}, with
 * {@code no_order} or {@code order_late}), a pair whose amounts differ and an order paid more than once
 * ({@code payments-mismatched}). Whole output sequences, one partition per input.
 */
class ReconciliationTest {

    @Test
    void mismatchedAmountsComeWithTheirPairAndAnOrderPaidTwiceAndAnUnmatchedPaymentWhenFinal() {
        try (StreamsHarness harness = harness()) {
            order(harness, 1, "10:00:00", "1.00");
            payment(harness, 1, "pay-1", "10:01:00", "1.00");
            order(harness, 2, "10:00:30", "12.50");
            payment(harness, 2, "pay-2", "10:02:00", "10.00");
            order(harness, 3, "10:01:00", "5.00");
            payment(harness, 3, "pay-3a", "10:02:00", "5.00");
            payment(harness, 3, "pay-3b", "10:03:00", "5.00");
            payment(harness, 9, "pay-9", "10:04:00", "7.00");   // no order 9 ever comes

            assertThat(rows(harness, "payments-mismatched")).as("the pair's mismatch, at once").containsExactly(
                    Tuple.tuple("2", "{\"order_id\":2,\"customer_id\":1,\"order_amount\":12.50,"
                            + "\"order_ts\":\"2026-01-22T10:00:30Z\",\"payment_id\":\"pay-2\",\"paid_amount\":10.00,"
                            + "\"paid_ts\":\"2026-01-22T10:02:00Z\",\"difference\":-2.50,\"payments\":null,"
                            + "\"reason\":\"amount\"}"));
            assertThat(harness.records("payments-unmatched")).as("pay-9 may still find its order").isEmpty();

            order(harness, 100, "10:30:00", "1.00");
            payment(harness, 100, "pay-100", "10:31:00", "1.00");   // the query's watermark: min(10:27, 10:28)

            assertThat(rows(harness, "payments-mismatched")).containsExactly(
                    Tuple.tuple("2", "{\"order_id\":2,\"customer_id\":1,\"order_amount\":12.50,"
                            + "\"order_ts\":\"2026-01-22T10:00:30Z\",\"payment_id\":\"pay-2\",\"paid_amount\":10.00,"
                            + "\"paid_ts\":\"2026-01-22T10:02:00Z\",\"difference\":-2.50,\"payments\":null,"
                            + "\"reason\":\"amount\"}"),
                    Tuple.tuple("3", "{\"order_id\":3,\"customer_id\":1,\"order_amount\":5.00,"
                            + "\"order_ts\":\"2026-01-22T10:01:00Z\",\"payment_id\":null,\"paid_amount\":null,"
                            + "\"paid_ts\":null,\"difference\":null,\"payments\":2,\"reason\":\"paid_twice\"}"));
            assertThat(rows(harness, "payments-unmatched")).containsExactly(
                    Tuple.tuple("9", "{\"order_id\":9,\"payment_id\":\"pay-9\",\"paid_amount\":7.00,"
                            + "\"paid_ts\":\"2026-01-22T10:04:00Z\",\"reason\":\"no_order\"}"));
            assertThat(harness.records("orders-paid")).extracting(OutputRecord::key)
                    .as("each pair still paid, twice for order 3").containsExactly("1", "2", "3", "3", "100");
        }
    }

    @Test
    void aPaymentWhoseOrderCameTooLateSaysSoWhenTheOrdersWatermarkHadNotPassedIt() {
        try (StreamsHarness harness = harness()) {
            order(harness, 10, "10:10:00", "1.00");              // the orders' watermark: 10:07
            payment(harness, 5, "pay-5", "10:08:00", "1.00");
            payment(harness, 6, "pay-6", "10:06:00", "1.00");
            order(harness, 5, "10:04:00", "1.00");   // late; refused at 10:07, before pay-5's 10:08: explains it
            order(harness, 6, "10:05:00", "1.00");   // late; refused at 10:07, after pay-6's 10:06: does not
            order(harness, 100, "10:30:00", "1.00");
            payment(harness, 100, "pay-100", "10:31:00", "1.00");

            List<OutputRecord> late = harness.records("join-service-late");
            assertThat(late).as("both late orders have their late record").extracting(OutputRecord::key)
                    .containsExactly("5", "6");
            assertThat(late.get(0).headers()).containsEntry("x-late-cause", "partition-watermark")
                    .containsEntry("x-late-partition", "orders-0")
                    .containsEntry("x-late-watermark", "2026-01-22T10:07:00Z")
                    .containsEntry("x-late-query", "order-payment-join");
            assertThat(harness.streams().progress().queries()).filteredOn(q -> q.name().equals("order-payment-join"))
                    .singleElement().extracting(QueryProgress::lateRows).as("counted once each").isEqualTo(2L);
            assertThat(rows(harness, "payments-unmatched")).containsExactly(
                    Tuple.tuple("6", "{\"order_id\":6,\"payment_id\":\"pay-6\",\"paid_amount\":1.00,"
                            + "\"paid_ts\":\"2026-01-22T10:06:00Z\",\"reason\":\"no_order\"}"),
                    Tuple.tuple("5", "{\"order_id\":5,\"payment_id\":\"pay-5\",\"paid_amount\":1.00,"
                            + "\"paid_ts\":\"2026-01-22T10:08:00Z\",\"reason\":\"order_late\"}"));
            assertThat(harness.records("orders-paid")).extracting(OutputRecord::key).containsExactly("100");
            assertThat(harness.records("orders-payment-status")).extracting(OutputRecord::key)
                    .as("the late orders are not joined, unpaid or not").containsExactly("100", "10");
            assertThat(harness.records("payments-mismatched")).isEmpty();
        }
    }

    @Test
    void aLateOrderThatCanExplainNoPaymentIsNotKept() {
        try (StreamsHarness harness = harness()) {
            order(harness, 10, "10:40:00", "1.00");
            order(harness, 5, "10:00:00", "1.00");   // refused at 10:37, past its bound (10:05): explains nothing
            order(harness, 7, "10:36:00", "1.00");   // refused at 10:37, inside its bound (10:41): kept
            KeyValueStore<Object, Object> kept = harness.driver().getKeyValueStore("order-payment-join-late-orders");
            assertThat(count(kept)).isEqualTo(1);

            payment(harness, 5, "pay-5", "10:01:00", "1.00");   // on time: the payments have seen nothing newer
            order(harness, 100, "11:30:00", "1.00");
            payment(harness, 100, "pay-100", "11:31:00", "1.00");

            assertThat(rows(harness, "payments-unmatched")).containsExactly(
                    Tuple.tuple("5", "{\"order_id\":5,\"payment_id\":\"pay-5\",\"paid_amount\":1.00,"
                            + "\"paid_ts\":\"2026-01-22T10:01:00Z\",\"reason\":\"no_order\"}"));
            assertThat(count(kept)).as("gone with the watermark past 10:41").isZero();
        }
    }

    private static StreamsHarness harness() {
        TestStreams streams = TestStreams.forDriver("join-service");
        return new StreamsHarness(OrderPaymentJoinTopology.build(streams.builder(), JoinConfigs.defaults()),
                streams);
    }

    private static int count(KeyValueStore<Object, Object> store) {
        int entries = 0;
        try (KeyValueIterator<Object, Object> all = store.all()) {
            for (; all.hasNext(); all.next()) {
                entries++;
            }
        }
        return entries;
    }

    private static List<Tuple> rows(StreamsHarness harness, String topic) {
        return harness.records(topic).stream().map(r -> Tuple.tuple(r.key(), r.value())).toList();
    }

    private static void order(StreamsHarness harness, long id, String time, String amount) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":" + amount
                + ",\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static void payment(StreamsHarness harness, long orderId, String paymentId, String time, String amount) {
        harness.pipe("payments", Long.toString(orderId), "{\"payment_id\":\"" + paymentId + "\",\"order_id\":"
                + orderId + ",\"amount\":" + amount + ",\"paid_ts\":\"2026-01-22T" + time + "Z\"}");
    }
}
