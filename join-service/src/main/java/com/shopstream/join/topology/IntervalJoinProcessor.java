package com.shopstream.join.topology;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.PaymentMismatch;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.model.UnmatchedPayment;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.Refusal;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The order–payment interval join on the query's watermark (the oldest watermark of every partition of both
 * inputs): a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}.
 *
 * <p>Each side keeps its on-time copies: an order until the watermark passes {@code order_ts + bound} (no on-time
 * payment can match it after that), a payment until the watermark passes {@code paid_ts} (no on-time order can).
 * A pair is emitted once, when its second half arrives; so {@code orders-paid} is the batch join of the on-time
 * records, whatever order they come in. An order copy that nothing matched is emitted as unpaid, once, when the
 * watermark passes its bound.
 *
 * <p>The reconciliation, on the same copies: a pair whose amounts differ is a mismatch, written with the pair; an
 * order copy more than one payment matched is one too ({@code paid_twice}), and a payment copy no order matched is
 * unmatched, each written when the copy expires (then nothing can match it any more). The reason of an unmatched
 * payment follows from the late orders ({@link ReconciliationRule}).
 *
 * <p>Lateness: the source step leaves both inputs to this operator, which needs the late orders for the
 * reconciliation. A record too late for its own partition's watermark just before it (the clock the source step
 * sends with it) goes to the late topic with the cause {@code partition-watermark}, exactly as the source step would
 * have sent it. One that is on time for its partition but older than the query's watermark — possible only when its
 * partition was idle and the others moved the watermark on — can no longer be joined (what it might match may be
 * gone), so it goes to the late topic with the cause {@code idle-partition}. A late order is remembered for the
 * reconciliation either way.
 */
final class IntervalJoinProcessor extends EventTimeOperator<OrderEvent, String, JoinResult> {

    private final ReconciliationRule rule;
    private final long bound;
    private final JoinStores names;
    private JoinState orders;
    private JoinState payments;
    private JoinState lateOrders;

    /** @param query the join's query, whose rule is the event-time bound ({@code EventTimeBound}) */
    IntervalJoinProcessor(QueryLateness query, long bound, JoinStores names) {
        super(query, OrderEvent.class, names.frontier());
        this.bound = bound;
        this.rule = new ReconciliationRule(bound);
        this.names = names;
    }

    @Override
    protected void open(ProcessorContext<String, JoinResult> context) {
        // an order until no on-time payment can match it, a payment until no on-time order can, a late order until no
        // payment it could explain can be unmatched any more
        this.orders = new JoinState(context.getStateStore(names.orders()), bound);
        this.payments = new JoinState(context.getStateStore(names.payments()), 0);
        this.lateOrders = new JoinState(context.getStateStore(names.lateOrders()), bound);
    }

    @Override
    protected void onEvent(Timed.Event<OrderEvent> timed, Record<String, Timed<OrderEvent>> record) {
        OrderEvent event = timed.event();
        long eventTime = event.eventTimeMillis();
        Refusal partitionRefusal = partitionRefusal(timed, eventTime);
        Refusal refusal = partitionRefusal.none() ? idleRefusal(eventTime) : partitionRefusal;
        if (!refusal.none()) {
            context().forward(record.withValue((JoinResult) new JoinResult.Late(event)).withHeaders(
                    partitionRefusal.none() ? lateHeaders(record.headers(), timed, eventTime, refusal)
                            : partitionLateHeaders(record.headers(), timed, eventTime, refusal)));
            if (event instanceof Order order) {
                remember(order, timed);
            }
            return;
        }
        if (event instanceof Order order) {
            List<KeyValue<Bytes, JoinState.Kept>> matches = payments.find(order.orderId(), eventTime,
                    eventTime + bound);
            for (KeyValue<Bytes, JoinState.Kept> match : matches) {
                paid(order, match.value.payment(), record);
                payments.matchedAgain(match.key, match.value);
            }
            orders.add(order, matches.size());
        } else if (event instanceof Payment payment) {
            List<KeyValue<Bytes, JoinState.Kept>> matches = orders.find(payment.orderId(), eventTime - bound,
                    eventTime);
            for (KeyValue<Bytes, JoinState.Kept> match : matches) {
                paid(match.value.order(), payment, record);
                orders.matchedAgain(match.key, match.value);
            }
            payments.add(payment, matches.size());
        }
    }

    /** A late order, for as long as a payment it would have matched may still be found unmatched. */
    private void remember(Order order, Timed.Event<OrderEvent> timed) {
        long refusedBy = partitionWatermark(timed);
        if (rule.explainsAny(order.eventTimeMillis(), refusedBy, watermark())) {
            lateOrders.add(order, 0, refusedBy);
        }
    }

    private void paid(Order order, Payment payment, Record<String, Timed<OrderEvent>> record) {
        long timestamp = Math.max(0, Math.max(order.eventTimeMillis(), payment.eventTimeMillis()));
        String key = Long.toString(order.orderId());
        context().forward(new Record<>(key, new JoinResult.Paid(JoinRow.paid(order, payment)), timestamp,
                record.headers()));
        PaymentMismatch.ofPair(order, payment).ifPresent(mismatch -> context().forward(
                new Record<>(key, (JoinResult) new JoinResult.Mismatched(mismatch), timestamp, record.headers())));
    }

    /**
     * Unpaid (and paid-twice) orders whose bound the watermark has passed, unmatched payments it has passed, and state
     * no on-time record can match any more.
     */
    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<OrderEvent>> trigger) {
        for (JoinState.Kept expired = orders.pollUpTo(watermark - 1); expired != null;
             expired = orders.pollUpTo(watermark - 1)) {
            Order order = expired.order();
            String key = Long.toString(order.orderId());
            long timestamp = Math.max(0, order.eventTimeMillis());
            if (!expired.matched()) {
                context().forward(new Record<>(key, new JoinResult.Unpaid(JoinRow.unpaid(order)), timestamp,
                        trigger.headers()));
            } else if (expired.matches() > 1) {
                context().forward(new Record<>(key, new JoinResult.Mismatched(
                        PaymentMismatch.paidTwice(order, expired.matches())), timestamp, trigger.headers()));
            }
        }
        // before the late orders go: one kept for a payment's reason goes with the watermark at or after the payment
        for (JoinState.Kept expired = payments.pollUpTo(watermark - 1); expired != null;
             expired = payments.pollUpTo(watermark - 1)) {
            if (!expired.matched()) {
                Payment payment = expired.payment();
                long paidTs = payment.eventTimeMillis();
                boolean orderLate = lateOrders.find(payment.orderId(), paidTs - bound, paidTs).stream()
                        .anyMatch(late -> rule.explains(late.value.note(), paidTs));
                context().forward(new Record<>(Long.toString(payment.orderId()),
                        new JoinResult.Unmatched(UnmatchedPayment.of(payment,
                                orderLate ? UnmatchedPayment.ORDER_LATE : UnmatchedPayment.NO_ORDER)),
                        Math.max(0, paidTs), trigger.headers()));
            }
        }
        lateOrders.dropUpTo(watermark - 1);
    }

    /** The names of the join's stores, and of the tracker's store that keeps the frontier it had reached. */
    record JoinStores(String orders, String payments, String lateOrders, String frontier) {
    }
}
