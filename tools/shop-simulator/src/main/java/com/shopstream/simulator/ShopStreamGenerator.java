package com.shopstream.simulator;

import com.shopstream.simulator.GeneratedEvent.Kind;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * The events of {@link GeneratorSettings}, in sending order, the same for the same settings (seeded). A duplicate is
 * sent a few events after its order (a retry); a payment when the stream reaches its {@code paid_ts}, give or take
 * the disorder (a payment is made after its order, and sent when it is made), so payments do not run ahead of the
 * orders in event time.
 */
public final class ShopStreamGenerator implements Iterator<GeneratedEvent> {

    private record Scheduled(long dueAt, long sequence, GeneratedEvent event) {
    }

    /** How far a slightly late order is shifted back, at least (and at most twice that). */
    private static final long SLIGHTLY_LATE_BY = 4 * 60_000;

    private final GeneratorSettings settings;
    private final SplittableRandom random;
    /** Slightly late orders, and payments of another amount: the other draws stay those of a stream without them. */
    private final SplittableRandom extras;
    private final PriorityQueue<Scheduled> scheduled = new PriorityQueue<>((a, b) -> a.dueAt() != b.dueAt()
            ? Long.compare(a.dueAt(), b.dueAt()) : Long.compare(a.sequence(), b.sequence()));
    private final Map<Kind, Long> counts = new EnumMap<>(Kind.class);
    private long nextOrder;
    private long emitted;
    private long sequence;

    public ShopStreamGenerator(GeneratorSettings settings) {
        this.settings = settings;
        this.random = new SplittableRandom(settings.seed());
        this.extras = new SplittableRandom(settings.seed() ^ 0x6d69736d61746368L);
        for (Kind kind : Kind.values()) {
            counts.put(kind, 0L);
        }
    }

    @Override
    public boolean hasNext() {
        return nextOrder < settings.orders() || !scheduled.isEmpty();
    }

    @Override
    public GeneratedEvent next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        GeneratedEvent event;
        if (!scheduled.isEmpty() && (scheduled.peek().dueAt() <= nextOrder || nextOrder >= settings.orders())) {
            event = scheduled.poll().event();
        } else {
            event = newOrder();
        }
        emitted++;
        counts.merge(event.kind(), 1L, Long::sum);
        return event;
    }

    /** How many events of each kind were generated so far. */
    public Map<Kind, Long> counts() {
        return Map.copyOf(counts);
    }

    private GeneratedEvent newOrder() {
        long orderId = 1_000_000 + nextOrder;
        // in nanoseconds, so that a spacing below a millisecond (a live stream of thousands of orders a second) still
        // advances event time with the wall clock
        long base = settings.start().toEpochMilli() + nextOrder * settings.spacing().toNanos() / 1_000_000;
        nextOrder++;
        boolean late = random.nextDouble() < settings.lateShare();
        long lateBy = settings.lateBy().toMillis();
        long orderTs = late
                ? base - lateBy - random.nextLong(lateBy + 1)
                : base - random.nextLong(settings.maxDisorder().toMillis() + 1);
        boolean slightlyLate = !late && settings.slightlyLateShare() > 0
                && extras.nextDouble() < settings.slightlyLateShare();
        if (slightlyLate) {
            orderTs = base - SLIGHTLY_LATE_BY - extras.nextLong(SLIGHTLY_LATE_BY + 1);
        }
        long customer = 1 + random.nextInt(settings.customers());
        String amount = String.format(java.util.Locale.ROOT, "%d.%02d", 1 + random.nextInt(99), random.nextInt(100));
        String json = "{\"order_id\":" + orderId + ",\"customer_id\":" + customer + ",\"amount\":" + amount
                + ",\"order_ts\":\"" + Instant.ofEpochMilli(Math.max(0, orderTs)) + "\"}";
        GeneratedEvent order = new GeneratedEvent(late ? Kind.LATE_ORDER
                : slightlyLate ? Kind.SLIGHTLY_LATE_ORDER : Kind.ORDER, orderId,
                Long.toString(orderId), json, orderTs);
        if (!late && random.nextDouble() < settings.duplicateShare()) {
            schedule(nextOrder + random.nextInt(50), new GeneratedEvent(Kind.DUPLICATE_ORDER, orderId, order.key(),
                    json, orderTs));
        }
        if (!late && random.nextDouble() < settings.paidShare()) {
            boolean outside = random.nextDouble() < settings.paymentOutsideShare();
            long bound = GeneratorSettings.PAYMENT_BOUND.toMillis();
            long paidTs = outside ? orderTs + bound + 1 + random.nextLong(bound) : orderTs + random.nextLong(bound + 1);
            String paymentId = "pay-" + orderId;
            String paidAmount = extras.nextDouble() < settings.amountMismatchShare()
                    ? new BigDecimal(amount).add(BigDecimal.ONE).toPlainString() : amount;
            String payment = "{\"payment_id\":\"" + paymentId + "\",\"order_id\":" + orderId + ",\"amount\":"
                    + paidAmount + ",\"paid_ts\":\"" + Instant.ofEpochMilli(paidTs) + "\"}";
            long sentAt = paidTs + random.nextLong(settings.maxDisorder().toMillis() + 1);
            long dueOrder = settings.spacing().isZero() ? nextOrder
                    : (sentAt - settings.start().toEpochMilli()) * 1_000_000 / settings.spacing().toNanos();
            schedule(Math.max(nextOrder, dueOrder), new GeneratedEvent(
                    outside ? Kind.PAYMENT_OUTSIDE_BOUND : Kind.PAYMENT, orderId, paymentId, payment, paidTs));
        }
        return order;
    }

    /** Sends {@code event} once {@code dueOrder} orders have been generated. */
    private void schedule(long dueOrder, GeneratedEvent event) {
        scheduled.add(new Scheduled(dueOrder, sequence++, event));
    }
}
