package com.shopstream.common.json;

import com.shopstream.common.model.Customer;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.eventtime.BrokerClock;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Reads orders and payments exactly as the contract says: ISO-8601 or epoch-millisecond timestamps, exact decimal
 * amounts (at least 0, at most 2 fraction digits), unknown fields ignored, everything else rejected with a short
 * reason. How far ahead an event time may be is not decided here: a service reading a topic decides it against the
 * record's broker time ({@link com.shopstream.eventtime.FutureBound}), the same on every replay; only the HTTP
 * edge, which has no broker time yet, asks {@link #notTooFarAhead} against its wall clock, to answer the caller.
 *
 * <p>Streaming parser rather than data binding: it is on every service's hot path and it has to say precisely which
 * field is wrong. Before it, {@link PlainEvents} reads the plain shape producers send almost always from the bytes,
 * with the same result; what it does not read, valid or not, goes to the parser.
 */
public final class EventReader {

    static final int MAX_PAYMENT_ID_LENGTH = 256;
    static final int MAX_ATTRIBUTE_LENGTH = 64;
    private static final JsonFactory JSON = new JsonFactory();

    private final Clock clock;
    private final Duration maxFutureSkew;
    private final BrokerClock brokerClock;

    public EventReader(Clock clock, Duration maxFutureSkew) {
        this(clock, maxFutureSkew, BrokerClock.shared());
    }

    /** @param brokerClock what the process read of the brokers' time (the later of it and {@code clock} counts) */
    public EventReader(Clock clock, Duration maxFutureSkew, BrokerClock brokerClock) {
        this.brokerClock = Objects.requireNonNull(brokerClock, "brokerClock");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.maxFutureSkew = Objects.requireNonNull(maxFutureSkew, "maxFutureSkew");
        if (maxFutureSkew.isNegative()) {
            throw new IllegalArgumentException("max-future-skew must not be negative: " + maxFutureSkew);
        }
    }

    /**
     * A bound of how far any input partition's clock can have come now: no reader admits a record more than
     * {@code maxFutureSkew} ahead of its broker time, and no broker time is ahead of the brokers' clock (which this
     * process's wall clock, or what it read of the brokers' time, bounds from above when either is ahead). Steps
     * that must know it (the partial aggregation after an idle partition) take it.
     */
    public Instant latestAccepted() {
        long now = Math.max(clock.millis(), brokerClock.now().orElse(Long.MIN_VALUE));
        return Instant.ofEpochMilli(now).plus(maxFutureSkew);
    }

    public Order readOrder(byte[] json) {
        Order plain = PlainEvents.order(json);
        return plain != null ? plain : strictOrder(json);
    }

    public Payment readPayment(byte[] json) {
        Payment plain = PlainEvents.payment(json);
        return plain != null ? plain : strictPayment(json);
    }

    /**
     * {@code event}, if its event time is at most {@code maxFutureSkew} ahead of this reader's wall clock: the HTTP
     * edge's answer to its caller. Whatever it answers, the readers of the topic decide again on the broker time.
     */
    public <E extends ShopEvent> E notTooFarAhead(E event) {
        String field = timeField(event);
        // a pod whose wall clock is behind would refuse honest payments: what it read of the brokers' time counts too
        long now = Math.max(clock.millis(), brokerClock.now().orElse(Long.MIN_VALUE));
        Instant limit = Instant.ofEpochMilli(now).plus(maxFutureSkew);
        if (event.eventTime().isAfter(limit)) {
            throw new InvalidEventException(field, field + " " + event.eventTime()
                    + " is more than " + maxFutureSkew + " ahead of the wall clock");
        }
        return event;
    }

    /** A customer version ({@code customers}): {@code customer_id}, {@code tier}, {@code country}, {@code valid_from}. */
    public Customer readCustomer(byte[] json) {
        Long customerId = null;
        String tier = null;
        String country = null;
        Instant validFrom = null;
        try (JsonParser parser = open(json)) {
            for (String name = parser.nextName(); name != null; name = parser.nextName()) {
                parser.nextToken();
                switch (name) {
                    case "customer_id" -> customerId = once(customerId, name, JsonFields.integer(parser, name));
                    case "tier" -> tier = once(tier, name, JsonFields.text(parser, name, MAX_ATTRIBUTE_LENGTH));
                    case "country" ->
                            country = once(country, name, JsonFields.text(parser, name, MAX_ATTRIBUTE_LENGTH));
                    case "valid_from" -> validFrom = once(validFrom, name, JsonFields.timestamp(parser, name));
                    default -> parser.skipChildren();
                }
            }
            close(parser);
        } catch (JacksonException e) {
            throw notJson(e);
        }
        return new Customer(
                required(customerId, "customer_id"),
                required(tier, "tier"),
                required(country, "country"),
                required(validFrom, "valid_from"));
    }

    /** The field that holds an event's event time, as the contract names it. */
    public static String timeField(ShopEvent event) {
        if (event instanceof Payment) {
            return "paid_ts";
        }
        return event instanceof Customer ? "valid_from" : "order_ts";
    }

    /** The order in {@code json}, read by the parser alone. */
    Order strictOrder(byte[] json) {
        Long orderId = null;
        Long customerId = null;
        BigDecimal amount = null;
        Instant orderTs = null;
        try (JsonParser parser = open(json)) {
            for (String name = parser.nextName(); name != null; name = parser.nextName()) {
                parser.nextToken();
                switch (name) {
                    case "order_id" -> orderId = once(orderId, name, JsonFields.integer(parser, name));
                    case "customer_id" -> customerId = once(customerId, name, JsonFields.integer(parser, name));
                    case "amount" -> amount = once(amount, name, JsonFields.amount(parser, name));
                    case "order_ts" -> orderTs = once(orderTs, name, JsonFields.timestamp(parser, name));
                    default -> parser.skipChildren();
                }
            }
            close(parser);
        } catch (JacksonException e) {
            throw notJson(e);
        }
        return new Order(
                required(orderId, "order_id"),
                required(customerId, "customer_id"),
                required(amount, "amount"),
                required(orderTs, "order_ts"));
    }

    /** The payment in {@code json}, read by the parser alone. */
    Payment strictPayment(byte[] json) {
        String paymentId = null;
        Long orderId = null;
        BigDecimal amount = null;
        Instant paidTs = null;
        try (JsonParser parser = open(json)) {
            for (String name = parser.nextName(); name != null; name = parser.nextName()) {
                parser.nextToken();
                switch (name) {
                    case "payment_id" -> paymentId =
                            once(paymentId, name, JsonFields.text(parser, name, MAX_PAYMENT_ID_LENGTH));
                    case "order_id" -> orderId = once(orderId, name, JsonFields.integer(parser, name));
                    case "amount" -> amount = once(amount, name, JsonFields.amount(parser, name));
                    case "paid_ts" -> paidTs = once(paidTs, name, JsonFields.timestamp(parser, name));
                    default -> parser.skipChildren();
                }
            }
            close(parser);
        } catch (JacksonException e) {
            throw notJson(e);
        }
        return new Payment(
                required(paymentId, "payment_id"),
                required(orderId, "order_id"),
                required(amount, "amount"),
                required(paidTs, "paid_ts"));
    }

    /**
     * An order or a payment, told apart by its {@code payment_id} field: for topics that carry both (late records of
     * a service that reads both inputs).
     */
    public OrderEvent readEvent(byte[] json) {
        return json != null && new String(json, java.nio.charset.StandardCharsets.UTF_8).contains("\"payment_id\"")
                ? readPayment(json)
                : readOrder(json);
    }

    private static JsonParser open(byte[] json) {
        if (json == null) {
            throw new InvalidEventException(null, "value is null");
        }
        if (json.length == 0) {
            throw new InvalidEventException(null, "value is empty");
        }
        JsonParser parser = JSON.createParser(ObjectReadContext.empty(), json);
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            parser.close();
            throw new InvalidEventException(null, "not a JSON object");
        }
        return parser;
    }

    /** After the last field: the object must end, and nothing may follow it. */
    private static void close(JsonParser parser) {
        if (parser.currentToken() != JsonToken.END_OBJECT) {
            throw new InvalidEventException(null, "not a JSON object");
        }
        if (parser.nextToken() != null) {
            throw new InvalidEventException(null, "trailing content after the JSON object");
        }
    }

    private static <T> T once(T previous, String field, T value) {
        if (previous != null) {
            throw new InvalidEventException(field, field + " appears twice");
        }
        return value;
    }

    private static <T> T required(T value, String field) {
        if (value == null) {
            throw new InvalidEventException(field, field + " missing");
        }
        return value;
    }

    private static InvalidEventException notJson(JacksonException e) {
        String detail = e.getOriginalMessage();
        int lineBreak = detail == null ? -1 : detail.indexOf('\n');
        if (lineBreak >= 0) {
            detail = detail.substring(0, lineBreak);
        }
        // Jackson goes on to list what it expected; the token and the column are what an operator needs
        int expecting = detail == null ? -1 : detail.indexOf(": was expecting");
        if (expecting >= 0) {
            detail = detail.substring(0, expecting);
        }
        String where = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
        return new InvalidEventException(null, "not valid JSON" + where + ": " + String.valueOf(detail));
    }
}
