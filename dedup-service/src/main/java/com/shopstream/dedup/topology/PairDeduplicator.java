package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.QueryLateness;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * Spark's {@code withWatermark(order_ts, delay).dropDuplicates(order_id, order_ts)}: the first copy of each
 * (order_id, order_ts) passes, later copies are dropped. A pair's state goes once the watermark passes its
 * {@code order_ts}: from then on any copy of it is older than its partition's watermark, so the source step refuses
 * it as too late. The state is an {@link ExpiryIndex} itself, keyed by (order_ts, order_id): lookup and expiry in
 * one store.
 */
final class PairDeduplicator implements Processor<String, Timed<Order>, String, Order> {

    private final QueryLateness query;
    private final String storeName;
    private ProcessorContext<String, Order> context;
    private ExpiryIndex seen;
    private QueryProgress progress;

    PairDeduplicator(QueryLateness query, String storeName) {
        this.query = query;
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<String, Order> context) {
        this.context = context;
        this.seen = new ExpiryIndex(context.getStateStore(storeName));
        this.progress = ProgressRegistry.queryOf(context.appConfigs(), query.query(), query.delay());
    }

    @Override
    public void process(Record<String, Timed<Order>> record) {
        if (record.value() instanceof Timed.Advance<Order> advance) {
            long watermark = query.watermark(advance.frontier());
            // a pair expires once its order_ts is older than the watermark
            seen.removeUpTo(watermark - 1);
        } else if (record.value() instanceof Timed.Event<Order> event) {
            Order order = event.event();
            byte[] key = OrderKeys.orderId(order.orderId());
            if (seen.contains(order.eventTimeMillis(), key)) {
                progress.duplicate();
                return;
            }
            seen.add(order.eventTimeMillis(), key);
            context.forward(record.withValue(order));
        }
    }
}
