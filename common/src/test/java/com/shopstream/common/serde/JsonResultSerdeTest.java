package com.shopstream.common.serde;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.json.EventReader;
import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.PaymentMismatch;
import com.shopstream.common.model.UnmatchedPayment;
import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serializer;
import org.junit.jupiter.api.Test;

class JsonResultSerdeTest {

    private static final Instant AT = Instant.parse("2026-01-22T10:00:30Z");

    @Test
    void aRowSentToTwoTopicsIsWrittenOnceAndAnotherRowAgain() throws Exception {
        ShopTopics topics = new ShopTopics(new EventReader(Clock.systemUTC(), Duration.ofHours(1)));
        Serializer<JoinRow> paid = topics.joinRows("orders-paid").valueSerde().serializer();
        Serializer<JoinRow> status = topics.joinRows("orders-payment-status").valueSerde().serializer();
        JoinRow row = new JoinRow(110, 1, new BigDecimal("12.50"), AT, "pay-7", new BigDecimal("12.50"), AT);
        JoinRow equal = new JoinRow(110, 1, new BigDecimal("12.50"), AT, "pay-7", new BigDecimal("12.50"), AT);
        JoinRow other = new JoinRow(111, 2, new BigDecimal("1.00"), AT, null, null, null);

        byte[] first = paid.serialize("orders-paid", row);
        assertThat(status.serialize("orders-payment-status", row)).isSameAs(first);
        assertThat(new String(status.serialize("orders-payment-status", other), "UTF-8")).contains("\"order_id\":111");
        byte[] again = paid.serialize("orders-paid", equal);
        assertThat(again).isNotSameAs(first).isEqualTo(first);

        // another thread writes its own rows
        byte[][] fromOtherThread = new byte[1][];
        Thread thread = new Thread(() -> fromOtherThread[0] = status.serialize("t", other));
        thread.start();
        thread.join();
        assertThat(new String(fromOtherThread[0], "UTF-8")).contains("\"order_id\":111");
        assertThat(paid.serialize("orders-paid", equal)).isSameAs(again);
    }

    @Test
    void theReconciliationsRowsAreWrittenAsTheContractSaysAndReadBack() {
        ShopTopics topics = new ShopTopics(new EventReader(Clock.systemUTC(), Duration.ofHours(1)));
        Order order = new Order(2, 1, new BigDecimal("12.50"), AT);
        Payment payment = new Payment("pay-2", 2, new BigDecimal("10.00"), AT.plusSeconds(90));
        PaymentMismatch mismatch = PaymentMismatch.ofPair(order, payment).orElseThrow();
        UnmatchedPayment unmatched = UnmatchedPayment.of(payment, UnmatchedPayment.ORDER_LATE);
        var mismatches = topics.paymentMismatches("payments-mismatched").valueSerde();
        var unmatchedRows = topics.unmatchedPayments("payments-unmatched").valueSerde();

        byte[] mismatchBytes = mismatches.serializer().serialize("t", mismatch);
        byte[] unmatchedBytes = unmatchedRows.serializer().serialize("t", unmatched);

        assertThat(new String(mismatchBytes, StandardCharsets.UTF_8)).isEqualTo("{\"order_id\":2,\"customer_id\":1,"
                + "\"order_amount\":12.50,\"order_ts\":\"2026-01-22T10:00:30Z\",\"payment_id\":\"pay-2\","
                + "\"paid_amount\":10.00,\"paid_ts\":\"2026-01-22T10:02:00Z\",\"difference\":-2.50,\"payments\":null,"
                + "\"reason\":\"amount\"}");
        assertThat(new String(unmatchedBytes, StandardCharsets.UTF_8)).isEqualTo("{\"order_id\":2,"
                + "\"payment_id\":\"pay-2\",\"paid_amount\":10.00,\"paid_ts\":\"2026-01-22T10:02:00Z\","
                + "\"reason\":\"order_late\"}");
        assertThat(mismatches.deserializer().deserialize("t", mismatchBytes)).isEqualTo(mismatch);
        assertThat(unmatchedRows.deserializer().deserialize("t", unmatchedBytes)).isEqualTo(unmatched);
        assertThat(PaymentMismatch.ofPair(order, new Payment("p", 2, new BigDecimal("12.5"), AT)))
                .as("equal amounts, whatever their scale").isEmpty();
    }
}
