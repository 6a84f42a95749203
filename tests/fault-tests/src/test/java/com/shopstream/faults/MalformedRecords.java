package com.shopstream.faults;

import com.shopstream.harness.KafkaTopics.Message;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The kinds of garbage producers send, for the three input topics, each with the reason its dead letter must carry.
 * Ids of malformed records start at {@value #FIRST_ID}, far above the generated ones, so none can join a real order.
 */
final class MalformedRecords {

    static final long FIRST_ID = 900_000_000L;

    /** One kind of bad record. {@code keyedByOrder} says whether the kind is bad only where keys are order ids. */
    record Kind(String name, boolean keyedByOrder, LongFunction<Message> order, LongFunction<Message> payment,
                String reason) {
    }

    /** Every kind; one in {@link #HUGE_EVERY} bad records is instead a 1 MB value. */
    static final List<Kind> KINDS = List.of(
            kind("not JSON", false, id -> "not json " + id, "not valid JSON at column 1"),
            kind("truncated JSON", false, id -> "{\"order_id\":" + id + ",\"customer_id\":1", "Unexpected end-of-input"),
            new Kind("wrong type", false,
                    id -> order(id, "{\"order_id\":" + id + ",\"customer_id\":true,\"amount\":1.00,\"order_ts\":\"" + now() + "\"}"),
                    id -> payment(id, "{\"payment_id\":7,\"order_id\":" + id + ",\"amount\":1.00,\"paid_ts\":\"" + now() + "\"}"),
                    "must be"),
            new Kind("missing field", false,
                    id -> order(id, "{\"order_id\":" + id + ",\"amount\":1.00,\"order_ts\":\"" + now() + "\"}"),
                    id -> payment(id, "{\"payment_id\":\"p" + id + "\",\"order_id\":" + id + ",\"amount\":1.00}"),
                    "missing"),
            new Kind("negative amount", false, id -> order(id, orderJson(id, "-1.00", now())),
                    id -> payment(id, paymentJson(id, "-1.00", now())), "amount is negative"),
            new Kind("3-decimal amount", false, id -> order(id, orderJson(id, "1.005", now())),
                    id -> payment(id, paymentJson(id, "1.005", now())), "amount has 3 fraction digits"),
            new Kind("bad timestamp", false, id -> order(id, orderJson(id, "1.00", "yesterday")),
                    id -> payment(id, paymentJson(id, "1.00", "yesterday")), "not an ISO-8601 timestamp"),
            new Kind("future timestamp", false,
                    id -> order(id, orderJson(id, "1.00", future())),
                    id -> payment(id, paymentJson(id, "1.00", future())),
                    "ahead of the record's broker time"),
            new Kind("null value", false, id -> Message.of(Long.toString(id), null),
                    id -> Message.of(Long.toString(id), null), "value is null"),
            new Kind("null key", true, id -> Message.of(null, orderJson(id, "1.00", now())),
                    id -> Message.of(null, paymentJson(id, "1.00", now())), "key missing"),
            new Kind("key not the order_id", true, id -> Message.of(Long.toString(id + 1), orderJson(id, "1.00", now())),
                    id -> Message.of(Long.toString(id + 1), paymentJson(id, "1.00", now())),
                    "is not the record's order_id"));

    static final int HUGE_EVERY = 1_000;
    static final int HUGE_BYTES = 1_000_000;
    static final String HUGE_REASON = "not valid JSON";
    static final String HUGE_KIND = "1 MB value";
    /** The test tags each malformed record with its kind; dead letters keep the original headers. */
    static final String KIND_HEADER = "x-test-kind";

    private MalformedRecords() {
    }

    /** The reason a dead letter of this kind must carry (a part of it). */
    static String reasonOf(String kind) {
        if (kind.equals(HUGE_KIND)) {
            return HUGE_REASON;
        }
        return KINDS.stream().filter(k -> k.name().equals(kind)).findFirst().orElseThrow().reason();
    }

    /** The kinds that are bad on a topic: on {@code payments-raw} keys are payment ids, anything goes there. */
    static List<Kind> kindsFor(boolean keyedByOrder) {
        return KINDS.stream().filter(k -> keyedByOrder || !k.keyedByOrder()).toList();
    }

    /** A value of about 1 MB that is not JSON (a huge valid JSON would be read: unknown fields are ignored). */
    static Message huge(long id) {
        return Message.of(Long.toString(id), "x".repeat(HUGE_BYTES));
    }

    private static Kind kind(String name, boolean keyedByOrder, LongFunction<String> value, String reason) {
        return new Kind(name, keyedByOrder, id -> Message.of(Long.toString(id), value.apply(id)),
                id -> Message.of(Long.toString(id), value.apply(id)), reason);
    }

    private static Message order(long id, String json) {
        return Message.of(Long.toString(id), json);
    }

    private static Message payment(long id, String json) {
        return Message.of(Long.toString(id), json);
    }

    private static String orderJson(long id, String amount, String ts) {
        return "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":" + amount + ",\"order_ts\":\"" + ts + "\"}";
    }

    private static String paymentJson(long id, String amount, String ts) {
        return "{\"payment_id\":\"p" + id + "\",\"order_id\":" + id + ",\"amount\":" + amount + ",\"paid_ts\":\""
                + ts + "\"}";
    }

    /**
     * Far enough ahead that the record stays a dead letter however long after its generation it is written: a stream
     * is generated once and written again for each case of the failure matrix, over hours. With 3 hours ahead, the
     * records written 2 hours or more after the generation were at most 1 hour ahead of their broker time, within
     * {@code max-future-skew}: read, they moved their partitions' clocks to about their broker time, hours past the
     * stream, and the services refused the rest of it as late, as they should (2026-12-07).
     */
    static final Duration FUTURE = Duration.ofDays(30);

    private static String future() {
        return Instant.now().plus(FUTURE).toString();
    }

    /** A valid event time: the generated stream ends about now. Past, so never ahead of the wall clock. */
    private static String now() {
        return Instant.now().minus(Duration.ofMinutes(30)).toString();
    }
}
