package com.shopstream.faults;

import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A generated shop stream as the messages of the three input topics: {@code orders} (key order id),
 * {@code payments-raw} (key payment id, for payments-service) and {@code payments} (key order id, for join-service,
 * written up front so that the join reads both inputs from a backlog, in a fixed order). Optionally with malformed
 * records spread through it, and closing records far enough ahead to close every window, session and join bound.
 */
final class ShopStream {

    final List<Message> orders = new ArrayList<>();
    final List<Message> paymentsRaw = new ArrayList<>();
    final List<Message> payments = new ArrayList<>();
    final long lastEventTime;
    final int malformed;

    private ShopStream(GeneratorSettings settings, int malformedEvery) {
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        long last = Long.MIN_VALUE;
        int bad = 0;
        long n = 0;
        while (generator.hasNext()) {
            GeneratedEvent event = generator.next();
            last = Math.max(last, event.eventTime());
            if (event.isOrder()) {
                orders.add(Message.of(event.key(), event.json()));
            } else {
                paymentsRaw.add(Message.of(event.key(), event.json()));
                payments.add(Message.of(Long.toString(event.orderId()), event.json()));
            }
            if (malformedEvery > 0 && ++n % malformedEvery == 0) {
                orders.add(Message.of(Long.toString(n), "{\"order_id\":" + n + ",\"amount\":1.005}"));
                paymentsRaw.add(Message.of("bad-" + n, "not json " + n));
                bad += 2;
            }
        }
        this.lastEventTime = last;
        this.malformed = bad;
    }

    static ShopStream generate(long seed, int orders, int malformedEvery) {
        return new ShopStream(GeneratorSettings.defaults(seed, orders), malformedEvery);
    }

    /**
     * An order and a payment 20 minutes of event time after the stream: every window, session and payment bound of
     * the stream is then behind every watermark.
     */
    List<Message> closingOrder() {
        String ts = Instant.ofEpochMilli(lastEventTime).plus(Duration.ofMinutes(20)).toString();
        return List.of(Message.of("9999999", "{\"order_id\":9999999,\"customer_id\":1,\"amount\":1.00,"
                + "\"order_ts\":\"" + ts + "\"}"));
    }

    List<Message> closingPayment(boolean keyedByOrder) {
        String ts = Instant.ofEpochMilli(lastEventTime).plus(Duration.ofMinutes(20)).toString();
        return List.of(Message.of(keyedByOrder ? "9999999" : "pay-close", "{\"payment_id\":\"pay-close\","
                + "\"order_id\":9999999,\"amount\":1.00,\"paid_ts\":\"" + ts + "\"}"));
    }
}
