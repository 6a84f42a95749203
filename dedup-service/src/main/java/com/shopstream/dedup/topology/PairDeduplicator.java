package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.QueryLateness;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Spark's {@code withWatermark(order_ts, delay).dropDuplicates(order_id, order_ts)}: the first copy of each
 * (order_id, order_ts) passes, later copies are dropped. A pair's state goes once the watermark passes its
 * {@code order_ts}: from then on any copy of it is older than its partition's watermark, so the source step refuses
 * it as too late. The state is an {@link ExpiryIndex} itself, keyed by (order_ts, order_id): lookup and expiry in
 * one store.
 */
final class PairDeduplicator extends EventTimeOperator<Order, String, Order> {

    private final String storeName;
    private ExpiryIndex seen;

    PairDeduplicator(QueryLateness query, String storeName) {
        super(query, Order.class, null);
        this.storeName = storeName;
    }

    @Override
    protected void open(ProcessorContext<String, Order> context) {
        this.seen = new ExpiryIndex(context.getStateStore(storeName));
    }

    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<Order>> trigger) {
        // a pair expires once its order_ts is older than the watermark
        seen.removeUpTo(watermark - 1);
    }

    @Override
    protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        Order order = event.event();
        byte[] key = OrderKeys.orderId(order.orderId());
        if (seen.contains(order.eventTimeMillis(), key)) {
            progress().duplicate();
            return;
        }
        seen.add(order.eventTimeMillis(), key);
        context().forward(record.withValue(order));
    }
}
