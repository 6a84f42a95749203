package com.shopstream.common.json;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.model.WindowResult;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.function.Consumer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes the result rows with Jackson's streaming generator, byte for byte what {@link ResultJson#MAPPER} writes
 * (fields in the records' {@code @JsonPropertyOrder}, instants as ISO-8601 text, decimals plain, nulls as
 * {@code null}). Every output row went through the mapper's reflection and its {@code Instant} formatter: a tenth
 * of session-service's stream thread (BENCHMARKS.md). {@code ResultWriterTest} holds the two outputs equal.
 */
public final class ResultWriter {

    private static final JsonFactory JSON = new JsonFactory();

    private ResultWriter() {
    }

    public static byte[] write(WindowResult row) {
        return object(96, json -> {
            instant(json, "window_start", row.windowStart());
            instant(json, "window_end", row.windowEnd());
            json.writeNumberProperty("orders", row.orders());
            decimal(json, "total", row.total());
        });
    }

    public static byte[] write(SessionResult row) {
        return object(112, json -> {
            json.writeNumberProperty("customer_id", row.customerId());
            instant(json, "session_start", row.sessionStart());
            instant(json, "session_end", row.sessionEnd());
            json.writeNumberProperty("orders", row.orders());
            decimal(json, "total", row.total());
        });
    }

    public static byte[] write(StreakUpdate row) {
        return object(48, json -> {
            json.writeNumberProperty("customer_id", row.customerId());
            json.writeNumberProperty("streak", row.streak());
            json.writeBooleanProperty("timed_out", row.timedOut());
        });
    }

    public static byte[] write(JoinRow row) {
        return object(176, json -> {
            json.writeNumberProperty("order_id", row.orderId());
            json.writeNumberProperty("customer_id", row.customerId());
            decimal(json, "order_amount", row.orderAmount());
            instant(json, "order_ts", row.orderTs());
            json.writeStringProperty("payment_id", row.paymentId());
            decimal(json, "paid_amount", row.paidAmount());
            instant(json, "paid_ts", row.paidTs());
        });
    }

    private static byte[] object(int size, Consumer<JsonGenerator> fields) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(size);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            fields.accept(json);
            json.writeEndObject();
        }
        return out.toByteArray();
    }

    private static void instant(JsonGenerator json, String name, Instant value) {
        json.writeName(name);
        if (value == null) {
            json.writeNull();
        } else {
            json.writeString(UtcTimestamps.format(value));
        }
    }

    private static void decimal(JsonGenerator json, String name, BigDecimal value) {
        json.writeName(name);
        if (value == null) {
            json.writeNull();
        } else {
            json.writeNumber(value.toPlainString());
        }
    }
}
