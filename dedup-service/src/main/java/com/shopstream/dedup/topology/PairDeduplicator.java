package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.ExpiryQueue;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.QueryLateness;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Spark's {@code withWatermark(order_ts, delay).dropDuplicates(order_id, order_ts)}: the first copy of each
 * (order_id, order_ts) passes, later copies are dropped. A pair's state goes once the watermark passes its
 * {@code order_ts}: from then on any copy of it is older than its partition's watermark, so the source step refuses
 * it as too late. The pairs are in the store, an {@link ExpiryIndex} keyed by (order_ts, order_id), and in memory
 * ({@link ExpiryQueue}, built again from the store at each start): a copy is looked up, and the pairs the watermark
 * passed are found, in memory, so the store only takes each pair's put and its delete, with their changelog records.
 */
final class PairDeduplicator extends EventTimeOperator<Order, String, Order> {

    private final String storeName;
    private final ExpiryQueue<Bytes> pairs = new ExpiryQueue<>();
    private ExpiryIndex seen;

    PairDeduplicator(QueryLateness query, String storeName) {
        super(query, Order.class, null);
        this.storeName = storeName;
    }

    @Override
    protected void open(ProcessorContext<String, Order> context) {
        this.seen = new ExpiryIndex(context.getStateStore(storeName));
        // Kafka Streams re-initializes the same processor when it revives a corrupted task: build the pairs again
        pairs.clear();
        seen.forEach((orderId, orderTs) -> pairs.add(orderTs, Bytes.wrap(orderId)));
    }

    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<Order>> trigger) {
        // a pair expires once its order_ts is older than the watermark
        for (var due = pairs.pollUpTo(watermark - 1); due != null; due = pairs.pollUpTo(watermark - 1)) {
            seen.remove(due.expiresAt(), due.key().get());
        }
    }

    @Override
    protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        Order order = event.event();
        Bytes orderId = Bytes.wrap(OrderKeys.orderId(order.orderId()));
        if (pairs.contains(order.eventTimeMillis(), orderId)) {
            progress().duplicate();
            return;
        }
        seen.add(order.eventTimeMillis(), orderId.get());
        pairs.add(order.eventTimeMillis(), orderId);
        context().forward(record.withValue(order));
    }
}
