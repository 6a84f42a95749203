package com.shopstream.common.json;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
import java.io.ByteArrayOutputStream;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/** Writes orders and payments in the contract's canonical JSON: amounts with 2 decimals, UTC ISO-8601 instants. */
public final class EventWriter {

    private static final JsonFactory JSON = new JsonFactory();

    private EventWriter() {
    }

    public static byte[] write(Order order) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(96);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            json.writeNumberProperty("order_id", order.orderId());
            json.writeNumberProperty("customer_id", order.customerId());
            json.writeName("amount");
            json.writeNumber(order.amount().toPlainString());
            json.writeStringProperty("order_ts", UtcTimestamps.format(order.orderTs()));
            json.writeEndObject();
        }
        return out.toByteArray();
    }

    public static byte[] write(ShopEvent event) {
        if (event instanceof Order order) {
            return write(order);
        }
        if (event instanceof Payment payment) {
            return write(payment);
        }
        throw new IllegalArgumentException("not an order or a payment: " + event.getClass().getName());
    }

    public static byte[] write(Payment payment) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(112);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeStartObject();
            json.writeStringProperty("payment_id", payment.paymentId());
            json.writeNumberProperty("order_id", payment.orderId());
            json.writeName("amount");
            json.writeNumber(payment.amount().toPlainString());
            json.writeStringProperty("paid_ts", UtcTimestamps.format(payment.paidTs()));
            json.writeEndObject();
        }
        return out.toByteArray();
    }
}
