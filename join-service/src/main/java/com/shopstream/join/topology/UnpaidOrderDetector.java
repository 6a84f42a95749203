package com.shopstream.join.topology;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Guarded;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The left-outer half of the join, exact on the watermark: once the watermark passes {@code order_ts + bound}, an
 * order copy that no admitted payment matches is written once as unpaid. No payment can match it any more then: a
 * payment with {@code paid_ts <= order_ts + bound} is older than the watermark and refused before the join.
 *
 * <p>Kafka Streams' own left join emits these rows too, but late: after a check that finds nothing to emit it
 * remembers the newest pending order's time instead of the oldest one's, so an unpaid order can wait minutes of
 * stream time past its bound (the shop scenario's order 111 misses checkpoint 9); and it checks at most once per
 * second of wall-clock time. The join itself (the paid rows) stays Kafka Streams' {@code JoinWindows} join.
 *
 * <p>State: pending order copies keyed by (expiry, order_id, order_ts, copy), so that the watermark expires them
 * with one range scan; admitted payments by (order_id, paid_ts), kept until no pending order can look for them.
 */
final class UnpaidOrderDetector implements Processor<String, Guarded<ShopEvent>, String, JoinRow> {

    private final long bound;
    private final String pendingStore;
    private final String paymentsStore;
    private final String paymentExpiryStore;
    private ProcessorContext<String, JoinRow> context;
    private KeyValueStore<Bytes, Order> pending;
    private KeyValueStore<Bytes, byte[]> payments;
    private ExpiryIndex paymentExpiry;
    private long watermark = Long.MIN_VALUE;
    private long scanFrom;

    UnpaidOrderDetector(long bound, String pendingStore, String paymentsStore, String paymentExpiryStore) {
        this.bound = bound;
        this.pendingStore = pendingStore;
        this.paymentsStore = paymentsStore;
        this.paymentExpiryStore = paymentExpiryStore;
    }

    @Override
    public void init(ProcessorContext<String, JoinRow> context) {
        this.context = context;
        this.pending = context.getStateStore(pendingStore);
        this.payments = context.getStateStore(paymentsStore);
        this.paymentExpiry = new ExpiryIndex(context.getStateStore(paymentExpiryStore));
    }

    @Override
    public void process(Record<String, Guarded<ShopEvent>> record) {
        if (!(record.value() instanceof Guarded.Admitted<ShopEvent> admitted)) {
            return;
        }
        if (admitted.event() instanceof Order order) {
            addPending(order);
        } else if (admitted.event() instanceof Payment payment) {
            byte[] key = ByteBuffer.allocate(2 * Long.BYTES).putLong(payment.orderId())
                    .putLong(payment.eventTimeMillis()).array();
            payments.put(Bytes.wrap(key), new byte[0]);
            paymentExpiry.add(payment.eventTimeMillis() + bound, key);
        }
        if (admitted.watermarkAfter() > watermark) {
            watermark = admitted.watermarkAfter();
            expireUpTo(watermark - 1);
        }
    }

    private void addPending(Order order) {
        long orderTs = order.eventTimeMillis();
        for (int copy = 0; ; copy++) {
            Bytes key = pendingKey(orderTs + bound, order.orderId(), orderTs, copy);
            if (pending.get(key) == null) {
                pending.put(key, order);
                scanFrom = Math.min(scanFrom, orderTs + bound);
                return;
            }
        }
    }

    /** Orders whose bound the watermark has passed: unpaid unless a payment arrived in time. */
    private void expireUpTo(long upTo) {
        if (upTo < scanFrom) {
            return;
        }
        List<KeyValue<Bytes, Order>> due = new ArrayList<>();
        // bounds are bare expiry prefixes: every key expiring at scanFrom sorts after the first, every key expiring
        // at upTo before the second (the range is inclusive)
        try (KeyValueIterator<Bytes, Order> range = pending.range(expiryPrefix(scanFrom), expiryPrefix(upTo + 1))) {
            range.forEachRemaining(due::add);
        }
        for (KeyValue<Bytes, Order> entry : due) {
            Order order = entry.value;
            if (!paid(order)) {
                context.forward(new Record<>(Long.toString(order.orderId()), JoinRow.unpaid(order),
                        order.eventTimeMillis()));
            }
            pending.delete(entry.key);
        }
        scanFrom = upTo + 1;
        // a payment is needed until every order it could match has expired: order_ts >= paid_ts - bound
        for (ExpiryIndex.Expired expired : paymentExpiry.removeUpTo(upTo)) {
            payments.delete(Bytes.wrap(expired.key()));
        }
    }

    private boolean paid(Order order) {
        long from = order.eventTimeMillis();
        try (KeyValueIterator<Bytes, byte[]> found = payments.range(paymentKey(order.orderId(), from),
                paymentKey(order.orderId(), from + bound))) {
            return found.hasNext();
        }
    }

    private static Bytes paymentKey(long orderId, long paidTs) {
        return Bytes.wrap(ByteBuffer.allocate(2 * Long.BYTES).putLong(orderId).putLong(paidTs).array());
    }

    private static Bytes expiryPrefix(long expiresAt) {
        return Bytes.wrap(ByteBuffer.allocate(Long.BYTES).putLong(expiresAt).array());
    }

    /** Big-endian expiry first, so byte order is expiry order (expiries are non-negative). */
    private static Bytes pendingKey(long expiresAt, long orderId, long orderTs, int copy) {
        return Bytes.wrap(ByteBuffer.allocate(3 * Long.BYTES + Integer.BYTES)
                .putLong(expiresAt).putLong(orderId).putLong(orderTs).putInt(copy).array());
    }
}
