package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.ExpiryQueue;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.QueryLateness;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Spark's {@code dropDuplicatesWithinWatermark(order_id)}: the first copy of an order passes; a later copy, even with
 * another {@code order_ts} (a retry stamped anew), is dropped while the first copy's {@code order_ts + delay} is not
 * yet behind the watermark. State: order_id → that expiry, in the store; the order in which the entries expire is
 * kept in memory ({@link ExpiryQueue}) and built again from the store at each start, since the store holds every
 * expiry: an index store beside it would cost a put and a delete per order, each with its changelog record.
 *
 * <p>Each copy is judged against its partition's watermark just before it (every copy of an order is in the same
 * partition), so whether it is a duplicate depends only on the partition's order of records, not on when the
 * state of the first copy happened to be evicted.
 */
final class FirstCopyDeduplicator extends EventTimeOperator<Order, String, Order> {

    private final String seenStoreName;
    private final long delay;
    private final ExpiryQueue<Bytes> expiry = new ExpiryQueue<>();
    private KeyValueStore<Bytes, Long> seen;

    FirstCopyDeduplicator(QueryLateness query, String seenStoreName) {
        super(query, Order.class, null);
        this.seenStoreName = seenStoreName;
        this.delay = query.delay().toMillis();
    }

    @Override
    protected void open(ProcessorContext<String, Order> context) {
        this.seen = context.getStateStore(seenStoreName);
        // Kafka Streams re-initializes the same processor when it revives a corrupted task: build the order again
        expiry.clear();
        try (KeyValueIterator<Bytes, Long> all = seen.all()) {
            while (all.hasNext()) {
                KeyValue<Bytes, Long> entry = all.next();
                expiry.add(entry.value, entry.key);
            }
        }
    }

    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<Order>> trigger) {
        // an order's state goes once its expiry is behind the watermark
        for (var due = expiry.pollUpTo(watermark - 1); due != null; due = expiry.pollUpTo(watermark - 1)) {
            seen.delete(due.key());
        }
    }

    @Override
    protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        Order order = event.event();
        Bytes id = Bytes.wrap(OrderKeys.orderId(order.orderId()));
        Long expiresAt = seen.get(id);
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
        seen.put(id, newExpiry);
        expiry.add(newExpiry, id);
        context().forward(record.withValue(order));
    }
}
