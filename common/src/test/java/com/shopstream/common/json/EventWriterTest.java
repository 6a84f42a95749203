package com.shopstream.common.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Orders and payments are written byte for byte as Jackson's streaming generator writes the same fields (what the
 * writer did before it wrote bytes itself): the late and dedup topics see no change.
 */
class EventWriterTest {

    private static final JsonFactory JSON = new JsonFactory();
    private static final List<String> PAYMENT_IDS = List.of("p-1", "", "p-1 \"quoted\" \\ é ✓ \u0001 \n \t / 😀",
            "x".repeat(300), "\ud800", "a\udc00", "\ud800x", "x\ud83d");

    @Test
    void edgeValuesAreWrittenAsJacksonWritesThem() {
        for (BigDecimal amount : List.of(BigDecimal.ZERO, new BigDecimal("0.00"), new BigDecimal("12.30"),
                new BigDecimal("1E+3"), new BigDecimal("123456789012345678901234567890.99"))) {
            for (Instant at : List.of(Instant.EPOCH, Instant.parse("2026-12-01T10:00:00.123Z"),
                    Instant.parse("+12026-01-01T00:00:00Z"))) {
                same(new Order(0, Long.MAX_VALUE, amount, at));
                PAYMENT_IDS.forEach(id -> same(new Payment(id, Long.MIN_VALUE, amount, at)));
            }
        }
    }

    @Test
    void randomEventsAreWrittenAsJacksonWritesThem() {
        Random random = new Random(20261203);
        for (int i = 0; i < 2_000; i++) {
            Instant at = Instant.ofEpochMilli(random.nextLong() >> 22);
            BigDecimal amount = BigDecimal.valueOf(random.nextInt(1_000_000), 2);
            same(new Order(random.nextLong(), random.nextLong(), amount, at));
            same(new Payment("pay-" + random.nextInt(), random.nextLong(), amount, at));
        }
    }

    private static void same(Order order) {
        assertThat(text(EventWriter.write(order))).isEqualTo(text(jackson(json -> {
            json.writeNumberProperty("order_id", order.orderId());
            json.writeNumberProperty("customer_id", order.customerId());
            json.writeName("amount");
            json.writeNumber(order.amount().toPlainString());
            json.writeStringProperty("order_ts", order.orderTs().toString());
        })));
    }

    private static void same(Payment payment) {
        assertThat(text(EventWriter.write(payment))).isEqualTo(text(jackson(json -> {
            json.writeStringProperty("payment_id", payment.paymentId());
            json.writeNumberProperty("order_id", payment.orderId());
            json.writeName("amount");
            json.writeNumber(payment.amount().toPlainString());
            json.writeStringProperty("paid_ts", payment.paidTs().toString());
        })));
    }

    private static byte[] jackson(Consumer<JsonGenerator> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            fields.accept(json);
            json.writeEndObject();
        }
        return out.toByteArray();
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
