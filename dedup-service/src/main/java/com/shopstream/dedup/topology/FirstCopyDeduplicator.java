package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.QueryLateness;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Spark's {@code dropDuplicatesWithinWatermark(order_id)}: the first copy of an order passes; a later copy, even with
 * another {@code order_ts} (a retry stamped anew), is dropped while the first copy's {@code order_ts + delay} is not
 * yet behind the watermark. State: order_id → that expiry, plus an {@link ExpiryIndex} to drop it on time.
 *
 * <p>Each copy is judged against its partition's watermark just before it (every copy of an order is in the same
 * partition), so whether it is a duplicate depends only on the partition's order of records, not on when the
 * state of the first copy happened to be evicted.
 */
final class FirstCopyDeduplicator extends EventTimeOperator<Order, String, Order> {

    private final String seenStoreName;
    private final String expiryStoreName;
    private final long delay;
    private KeyValueStore<Bytes, Long> seen;
    private ExpiryIndex expiry;

    FirstCopyDeduplicator(QueryLateness query, String seenStoreName, String expiryStoreName) {
        super(query, Order.class, null);
        this.seenStoreName = seenStoreName;
        this.expiryStoreName = expiryStoreName;
        this.delay = query.delay().toMillis();
    }

    @Override
    protected void open(ProcessorContext<String, Order> context) {
        this.seen = context.getStateStore(seenStoreName);
        this.expiry = new ExpiryIndex(context.getStateStore(expiryStoreName));
    }

    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<Order>> trigger) {
        // an order's state goes once its expiry is behind the watermark
        for (ExpiryIndex.Expired expired : expiry.removeUpTo(watermark - 1)) {
            seen.delete(Bytes.wrap(expired.key()));
        }
    }

    @Override
    protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        Order order = event.event();
        byte[] id = OrderKeys.orderId(order.orderId());
        Long expiresAt = seen.get(Bytes.wrap(id));
        // judged against the partition's watermark before this copy, as Spark judges a row against the batch's
        // watermark; state not yet evicted but already behind that watermark no longer counts
        long partitionWatermark = partitionWatermark(event);
        if (expiresAt != null && expiresAt >= partitionWatermark) {
            progress().duplicate();
            return;
        }
        if (expiresAt != null) {
            expiry.remove(expiresAt, id);
        }
        long newExpiry = order.eventTimeMillis() + delay;
        seen.put(Bytes.wrap(id), newExpiry);
        expiry.add(newExpiry, id);
        context().forward(record.withValue(order));
    }
}
