package com.shopstream.join.topology;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
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
 * <p>Records too late for their own partition never get here (the source step refused them). One that is on time for
 * its partition but older than the query's watermark — possible only when its partition was idle and the others
 * moved the watermark on — can no longer be joined (what it might match may be gone), so it goes to the late topic
 * with the cause {@code idle-partition}.
 */
final class IntervalJoinProcessor extends EventTimeOperator<ShopEvent, String, JoinResult> {

    private final long bound;
    private final JoinStores names;
    private JoinState orders;
    private JoinState payments;

    /** @param query the join's query, whose rule is the event-time bound ({@code EventTimeBound}) */
    IntervalJoinProcessor(QueryLateness query, long bound, JoinStores names) {
        super(query, ShopEvent.class, names.frontier());
        this.bound = bound;
        this.names = names;
    }

    @Override
    protected void open(ProcessorContext<String, JoinResult> context) {
        // an order until no on-time payment can match it, a payment until no on-time order can
        this.orders = new JoinState(context.getStateStore(names.orders()), bound);
        this.payments = new JoinState(context.getStateStore(names.payments()), 0);
    }

    @Override
    protected void onEvent(Timed.Event<ShopEvent> timed, Record<String, Timed<ShopEvent>> record) {
        ShopEvent event = timed.event();
        long eventTime = event.eventTimeMillis();
        Refusal refusal = idleRefusal(eventTime);
        if (!refusal.none()) {
            context().forward(record.withValue((JoinResult) new JoinResult.Late(event))
                    .withHeaders(lateHeaders(record.headers(), timed, eventTime, refusal)));
            return;
        }
        if (event instanceof Order order) {
            List<KeyValue<Bytes, JoinState.Kept>> matches = payments.find(order.orderId(), eventTime,
                    eventTime + bound);
            for (KeyValue<Bytes, JoinState.Kept> match : matches) {
                paid(order, match.value.payment(), record);
            }
            orders.add(order, !matches.isEmpty());
        } else if (event instanceof Payment payment) {
            for (KeyValue<Bytes, JoinState.Kept> match : orders.find(payment.orderId(), eventTime - bound,
                    eventTime)) {
                paid(match.value.order(), payment, record);
                if (!match.value.matched()) {
                    orders.markMatched(match.key, match.value.event());
                }
            }
            payments.add(payment, true);
        }
    }

    private void paid(Order order, Payment payment, Record<String, Timed<ShopEvent>> record) {
        context().forward(new Record<>(Long.toString(order.orderId()),
                new JoinResult.Paid(JoinRow.paid(order, payment)),
                Math.max(0, Math.max(order.eventTimeMillis(), payment.eventTimeMillis())), record.headers()));
    }

    /** Unpaid orders whose bound the watermark has passed, and state no on-time record can match any more. */
    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<ShopEvent>> trigger) {
        for (JoinState.Kept expired : orders.removeUpTo(watermark - 1)) {
            if (!expired.matched()) {
                Order order = expired.order();
                context().forward(new Record<>(Long.toString(order.orderId()),
                        new JoinResult.Unpaid(JoinRow.unpaid(order)), Math.max(0, order.eventTimeMillis()),
                        trigger.headers()));
            }
        }
        payments.removeUpTo(watermark - 1);
    }

    /** The names of the join's stores, and of the tracker's store that keeps the frontier it had reached. */
    record JoinStores(String orders, String payments, String frontier) {
    }
}
