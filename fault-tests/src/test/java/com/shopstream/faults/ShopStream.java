package com.shopstream.faults;

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
     * An order and a payment 20 minutes of event time after the stream: every window, session and payment bound of
     * the stream is then behind every watermark.
     */
    Map<String, List<Message>> closingRecords() {
        return closingRecords(lastEventTime);
    }

    /** {@link #closingRecords()} of a stream whose newest event time is {@code lastEventTime}. */
    static Map<String, List<Message>> closingRecords(long lastEventTime) {
        String ts = Instant.ofEpochMilli(lastEventTime).plus(Duration.ofMinutes(20)).toString();
        String payment = "{\"payment_id\":\"pay-close\",\"order_id\":9999999,\"amount\":1.00,\"paid_ts\":\"" + ts + "\"}";
        return Map.of(
                "orders", List.of(Message.of("9999999",
                        "{\"order_id\":9999999,\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"" + ts + "\"}")),
                "payments-raw", List.of(Message.of("pay-close", payment)),
                "payments", List.of(Message.of("9999999", payment)));
    }
}
