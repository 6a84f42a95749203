package com.shopstream.faults;

import com.shopstream.common.testing.PartitionKeys;
import com.shopstream.faults.MalformedRecords.Kind;
import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A generated shop stream as the messages of the three input topics: {@code orders} (key order id),
 * {@code payments-raw} (key payment id, for payments-service) and {@code payments} (key order id, for join-service,
 * written up front so that the join reads both inputs from a backlog, in a fixed order). Malformed records of every
 * kind of {@link MalformedRecords} are mixed in: one after every {@code validPerBad} valid records of a topic. And
 * closing records far enough ahead to close every window, session and join bound.
 */
final class ShopStream {

    static final List<String> INPUT_TOPICS = List.of("orders", "payments-raw", "payments");

    final Map<String, List<Message>> records = new LinkedHashMap<>();
    /** Malformed records per input topic, and how many of each kind. */
    final Map<String, Integer> malformed = new LinkedHashMap<>();
    final Map<String, Map<String, Integer>> kinds = new LinkedHashMap<>();
    final long lastEventTime;

    private ShopStream(GeneratorSettings settings, int validPerBad) {
        INPUT_TOPICS.forEach(t -> {
            records.put(t, new ArrayList<>());
            malformed.put(t, 0);
            kinds.put(t, new LinkedHashMap<>());
        });
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        long last = Long.MIN_VALUE;
        while (generator.hasNext()) {
            GeneratedEvent event = generator.next();
            last = Math.max(last, event.eventTime());
            if (event.isOrder()) {
                add("orders", Message.of(event.key(), event.json()), validPerBad);
            } else {
                add("payments-raw", Message.of(event.key(), event.json()), validPerBad);
                add("payments", Message.of(Long.toString(event.orderId()), event.json()), validPerBad);
            }
        }
        this.lastEventTime = last;
    }

    static ShopStream generate(GeneratorSettings settings, int validPerBad) {
        return new ShopStream(settings, validPerBad);
    }

    private void add(String topic, Message valid, int validPerBad) {
        List<Message> messages = records.get(topic);
        messages.add(valid);
        if (validPerBad > 0 && (messages.size() - malformed.get(topic)) % validPerBad == 0) {
            int bad = malformed.merge(topic, 1, Integer::sum);
            long id = MalformedRecords.FIRST_ID + bad;
            Message message;
            String kind;
            if (bad % MalformedRecords.HUGE_EVERY == 0) {
                message = MalformedRecords.huge(id);
                kind = MalformedRecords.HUGE_KIND;
            } else {
                List<Kind> candidates = MalformedRecords.kindsFor(!topic.equals("payments-raw"));
                Kind chosen = candidates.get(bad % candidates.size());
                message = topic.equals("orders") ? chosen.order().apply(id) : chosen.payment().apply(id);
                kind = chosen.name();
            }
            message.headers().add(MalformedRecords.KIND_HEADER, kind.getBytes(StandardCharsets.UTF_8));
            messages.add(message);
            kinds.get(topic).merge(kind, 1, Integer::sum);
        }
    }

    List<Message> orders() {
        return records.get("orders");
    }

    int totalMalformed() {
        return malformed.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * An order and a payment 20 minutes of event time after the stream in every partition of each input topic:
     * every partition's watermark, and so every query's, then passes every window, session and payment bound of the
     * stream (a partition without one would hold them until it turned idle).
     */
    Map<String, List<Message>> closingRecords(int partitions) {
        return closingRecords(lastEventTime, partitions);
    }

    /** {@link #closingRecords(int)} of a stream whose newest event time is {@code lastEventTime}. */
    static Map<String, List<Message>> closingRecords(long lastEventTime, int partitions) {
        String ts = Instant.ofEpochMilli(lastEventTime).plus(Duration.ofMinutes(20)).toString();
        List<Message> orders = new ArrayList<>();
        List<Message> payments = new ArrayList<>();
        for (long id : PartitionKeys.onePerPartition(partitions, CLOSING_ORDER_ID, Long::toString)) {
            orders.add(Message.of(Long.toString(id),
                    "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"" + ts + "\"}"));
            payments.add(Message.of(Long.toString(id), payment("pay-close-" + id, id, ts)));
        }
        List<Message> raw = new ArrayList<>();
        for (long n : PartitionKeys.onePerPartition(partitions, 0, n -> "pay-close-raw-" + n)) {
            raw.add(Message.of("pay-close-raw-" + n, payment("pay-close-raw-" + n, CLOSING_ORDER_ID, ts)));
        }
        return Map.of("orders", orders, "payments-raw", raw, "payments", payments);
    }

    /** The closing records' order ids start here, far from the generator's. */
    static final long CLOSING_ORDER_ID = 9_999_000;

    private static String payment(String id, long orderId, String ts) {
        return "{\"payment_id\":\"" + id + "\",\"order_id\":" + orderId + ",\"amount\":1.00,\"paid_ts\":\""
                + ts + "\"}";
    }
}
