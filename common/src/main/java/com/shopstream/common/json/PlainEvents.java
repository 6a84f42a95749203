package com.shopstream.common.json;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The fast path of event reading: the shape producers send almost always — one flat object without whitespace or
 * escapes, the contract's fields once each and no others, integers of at most 18 digits, amounts of at most 15
 * integer and 2 fraction digits, UTC instants as {@link UtcTimestamps} reads them — read from the bytes without a
 * JSON parser. The strict reader (Jackson's streaming parser, with a reason for every refusal) is paid once per
 * event at the source and showed high in the stream threads' profiles (docs/benchmarks/log.md).
 *
 * <p>Anything else, valid or not, is {@code null}: left to the strict reader, which reads it or says what is wrong.
 * So this path accepts only texts the strict reader accepts, with the same event, and refuses nothing
 * ({@code PlainEventsTest} holds it to the strict reader on generated events and on mutations of them).
 */
final class PlainEvents {

    private static final byte[] ORDER_ID = name("order_id");
    private static final byte[] CUSTOMER_ID = name("customer_id");
    private static final byte[] AMOUNT = name("amount");
    private static final byte[] ORDER_TS = name("order_ts");
    private static final byte[] PAYMENT_ID = name("payment_id");
    private static final byte[] PAID_TS = name("paid_ts");
    private static final int MAX_LONG_DIGITS = 18;
    private static final int MAX_INTEGER_DIGITS = JsonFields.MAX_INTEGER_DIGITS;
    private static final int MAX_FRACTION_DIGITS = JsonFields.MAX_FRACTION_DIGITS;

    private final byte[] json;
    private int at;

    private PlainEvents(byte[] json) {
        this.json = json;
        this.at = 1;
    }

    /** The order in {@code json} if it has the plain shape, else {@code null}. */
    static Order order(byte[] json) {
        if (!opensObject(json)) {
            return null;
        }
        PlainEvents in = new PlainEvents(json);
        long orderId = -1;
        long customerId = -1;
        BigDecimal amount = null;
        Instant orderTs = null;
        do {
            if (in.name(ORDER_ID) && orderId < 0) {
                orderId = in.integer();
            } else if (in.name(CUSTOMER_ID) && customerId < 0) {
                customerId = in.integer();
            } else if (in.name(AMOUNT) && amount == null) {
                amount = in.amount();
            } else if (in.name(ORDER_TS) && orderTs == null) {
                orderTs = in.timestamp();
            } else {
                return null;   // another field, a field twice, or not a name
            }
            if (in.at < 0) {
                return null;   // a value that is not plain
            }
        } while (in.nextField());
        return in.ended() && orderId >= 0 && customerId >= 0 && amount != null && orderTs != null
                ? new Order(orderId, customerId, amount, orderTs)
                : null;
    }

    /** The payment in {@code json} if it has the plain shape, else {@code null}. */
    static Payment payment(byte[] json) {
        if (!opensObject(json)) {
            return null;
        }
        PlainEvents in = new PlainEvents(json);
        String paymentId = null;
        long orderId = -1;
        BigDecimal amount = null;
        Instant paidTs = null;
        do {
            if (in.name(PAYMENT_ID) && paymentId == null) {
                paymentId = in.text(EventReader.MAX_PAYMENT_ID_LENGTH);
            } else if (in.name(ORDER_ID) && orderId < 0) {
                orderId = in.integer();
            } else if (in.name(AMOUNT) && amount == null) {
                amount = in.amount();
            } else if (in.name(PAID_TS) && paidTs == null) {
                paidTs = in.timestamp();
            } else {
                return null;
            }
            if (in.at < 0) {
                return null;
            }
        } while (in.nextField());
        return in.ended() && paymentId != null && orderId >= 0 && amount != null && paidTs != null
                ? new Payment(paymentId, orderId, amount, paidTs)
                : null;
    }

    private static boolean opensObject(byte[] json) {
        return json != null && json.length > 2 && json[0] == '{' && json[json.length - 1] == '}';
    }

    /** Whether {@code "name":} is next; moves past it if so. */
    private boolean name(byte[] quotedNameColon) {
        if (at < 0 || at + quotedNameColon.length > json.length) {
            return false;
        }
        for (int i = 0; i < quotedNameColon.length; i++) {
            if (json[at + i] != quotedNameColon[i]) {
                return false;
            }
        }
        at += quotedNameColon.length;
        return true;
    }

    /** After a value: a comma moves on to the next field; anything else ends the fields. */
    private boolean nextField() {
        if (at >= 0 && at < json.length && json[at] == ',') {
            at++;
            return true;
        }
        return false;
    }

    /** Whether the object's closing brace is next, and the last byte. */
    private boolean ended() {
        return at == json.length - 1 && json[at] == '}';
    }

    /** A non-negative integer of at most 18 digits (so no overflow); the position spoilt if it is not one. */
    private long integer() {
        return natural(MAX_LONG_DIGITS);
    }

    /**
     * A JSON integer without sign of 1 to {@code maxDigits} digits; -1, the position spoilt, if it is not one (a
     * longer run may overflow while it is read: it is refused all the same).
     */
    private long natural(int maxDigits) {
        int start = at;
        long value = 0;
        while (at < json.length && json[at] >= '0' && json[at] <= '9') {
            value = value * 10 + (json[at] - '0');
            at++;
        }
        int digits = at - start;
        if (digits == 0 || digits > maxDigits || (json[start] == '0' && digits > 1)) {
            at = -1;
            return -1;
        }
        return value;
    }

    /** A non-negative amount of at most 15 integer and 2 fraction digits, at scale 2, or {@code null}. */
    private BigDecimal amount() {
        long units = natural(MAX_INTEGER_DIGITS);
        if (at < 0) {
            return null;
        }
        long cents = units * 100;
        if (at < json.length && json[at] == '.') {
            at++;
            int fractionStart = at;
            int scale = 10;
            while (at < json.length && json[at] >= '0' && json[at] <= '9') {
                if (at - fractionStart >= MAX_FRACTION_DIGITS) {
                    return spoilt();   // 12.500 is a plain amount, but the strict reader's to judge
                }
                cents += (json[at] - '0') * scale;
                scale /= 10;
                at++;
            }
            if (at == fractionStart) {
                return spoilt();
            }
        }
        return BigDecimal.valueOf(cents, MAX_FRACTION_DIGITS);
    }

    /** A string of printable ASCII without quotes or backslashes, of 1 to {@code maxLength} characters. */
    private String text(int maxLength) {
        int end = stringEnd();
        if (end < 0 || end - at > maxLength) {
            return spoilt();
        }
        String text = new String(json, at, end - at, StandardCharsets.US_ASCII);
        at = end + 1;
        return text;
    }

    /** A UTC instant {@link UtcTimestamps} reads, within what the strict reader accepts. */
    private Instant timestamp() {
        int end = stringEnd();
        if (end < 0) {
            return spoilt();
        }
        Instant instant = UtcTimestamps.parse(json, at, end);
        if (instant == null || instant.isBefore(Instant.EPOCH) || instant.isAfter(JsonFields.LATEST)) {
            return spoilt();
        }
        at = end + 1;
        return instant;
    }

    /** Where the string starting here (at its quote) ends, its content moved to; -1 if it is not plain. */
    private int stringEnd() {
        if (at >= json.length || json[at] != '"') {
            return -1;
        }
        int from = at + 1;
        for (int i = from; i < json.length; i++) {
            byte b = json[i];
            if (b == '"') {
                if (i == from) {
                    return -1;
                }
                at = from;
                return i;
            }
            if (b <= ' ' || b >= 0x7f || b == '\\') {
                return -1;
            }
        }
        return -1;
    }

    private <T> T spoilt() {
        at = -1;
        return null;
    }

    private static byte[] name(String field) {
        return ("\"" + field + "\":").getBytes(StandardCharsets.US_ASCII);
    }
}
