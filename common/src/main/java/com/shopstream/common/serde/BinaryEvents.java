package com.shopstream.common.serde;

import com.shopstream.common.model.Customer;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.errors.SerializationException;

/**
 * The compact binary form of orders, payments and customer versions on internal topics: the strict JSON reader runs once, at the source,
 * and a repartitioned event is not parsed (or re-validated against the wall clock) again. A tag byte says which event
 * follows, so one codec carries both.
 */
public final class BinaryEvents {

    private static final byte ORDER = 'O';
    private static final byte PAYMENT = 'P';
    private static final byte CUSTOMER = 'C';

    private BinaryEvents() {
    }

    /** Encoded length of {@code event}. */
    public static int size(ShopEvent event) {
        if (event instanceof Order order) {
            return 1 + 3 * Long.BYTES + amountSize(order.amount());
        }
        if (event instanceof Customer customer) {
            return 1 + 2 * Integer.BYTES + utf8(customer.tier()).length + utf8(customer.country()).length
                    + 2 * Long.BYTES;
        }
        Payment payment = (Payment) event;
        return 1 + Integer.BYTES + utf8(payment.paymentId()).length + 2 * Long.BYTES + amountSize(payment.amount());
    }

    public static void write(ShopEvent event, ByteBuffer out) {
        if (event instanceof Order order) {
            out.put(ORDER).putLong(order.orderId()).putLong(order.customerId());
            putAmount(out, order.amount());
            out.putLong(order.orderTs().toEpochMilli());
        } else if (event instanceof Payment payment) {
            byte[] id = utf8(payment.paymentId());
            out.put(PAYMENT).putInt(id.length).put(id).putLong(payment.orderId());
            putAmount(out, payment.amount());
            out.putLong(payment.paidTs().toEpochMilli());
        } else if (event instanceof Customer customer) {
            byte[] tier = utf8(customer.tier());
            byte[] country = utf8(customer.country());
            out.put(CUSTOMER).putLong(customer.customerId()).putInt(tier.length).put(tier).putInt(country.length)
                    .put(country).putLong(customer.validFrom().toEpochMilli());
        } else {
            throw new SerializationException("not an order, a payment or a customer: " + event);
        }
    }

    public static ShopEvent read(ByteBuffer in) {
        byte tag = in.get();
        if (tag == ORDER) {
            long orderId = in.getLong();
            long customerId = in.getLong();
            BigDecimal amount = getAmount(in);
            return new Order(orderId, customerId, amount, Instant.ofEpochMilli(in.getLong()));
        }
        if (tag == PAYMENT) {
            byte[] id = new byte[in.getInt()];
            in.get(id);
            long orderId = in.getLong();
            BigDecimal amount = getAmount(in);
            return new Payment(new String(id, StandardCharsets.UTF_8), orderId, amount,
                    Instant.ofEpochMilli(in.getLong()));
        }
        if (tag == CUSTOMER) {
            long customerId = in.getLong();
            String tier = getUtf8(in);
            String country = getUtf8(in);
            return new Customer(customerId, tier, country, Instant.ofEpochMilli(in.getLong()));
        }
        throw new SerializationException("unknown event tag " + tag);
    }

    private static int amountSize(BigDecimal amount) {
        return 2 + amount.unscaledValue().bitLength() / 8 + 1;
    }

    private static void putAmount(ByteBuffer out, BigDecimal amount) {
        byte[] unscaled = DecimalBytes.unscaled(amount);
        out.put((byte) amount.scale()).put((byte) unscaled.length).put(unscaled);
    }

    private static BigDecimal getAmount(ByteBuffer in) {
        int scale = in.get();
        byte[] unscaled = new byte[in.get() & 0xff];
        in.get(unscaled);
        return DecimalBytes.decimal(unscaled, scale);
    }

    private static String getUtf8(ByteBuffer in) {
        byte[] bytes = new byte[in.getInt()];
        in.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
