package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.QueryLateness;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.api.Processor;
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
final class FirstCopyDeduplicator implements Processor<String, Timed<Order>, String, Order> {

    private final QueryLateness query;
    private final String seenStoreName;
    private final String expiryStoreName;
    private final long delay;
    private ProcessorContext<String, Order> context;
    private KeyValueStore<Bytes, Long> seen;
    private ExpiryIndex expiry;
    private QueryProgress progress;

    FirstCopyDeduplicator(QueryLateness query, String seenStoreName, String expiryStoreName) {
        this.query = query;
        this.seenStoreName = seenStoreName;
        this.expiryStoreName = expiryStoreName;
        this.delay = query.delay().toMillis();
    }

    @Override
    public void init(ProcessorContext<String, Order> context) {
        this.context = context;
        this.seen = context.getStateStore(seenStoreName);
        this.expiry = new ExpiryIndex(context.getStateStore(expiryStoreName));
        this.progress = ProgressRegistry.queryOf(context.appConfigs(), query.query(), query.delay());
    }

    @Override
    public void process(Record<String, Timed<Order>> record) {
        if (record.value() instanceof Timed.Advance<Order> advance) {
            // an order's state goes once its expiry is behind the watermark
            long watermark = query.watermark(advance.frontier());
            for (ExpiryIndex.Expired expired : expiry.removeUpTo(watermark - 1)) {
                seen.delete(Bytes.wrap(expired.key()));
            }
        } else if (record.value() instanceof Timed.Event<Order> event) {
            deduplicate(event, record);
        }
    }

    private void deduplicate(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        Order order = event.event();
        byte[] id = OrderKeys.orderId(order.orderId());
        Long expiresAt = seen.get(Bytes.wrap(id));
        // judged against the partition's watermark before this copy, as Spark judges a row against the batch's
        // watermark; state not yet evicted but already behind that watermark no longer counts
        if (expiresAt != null && expiresAt >= query.watermark(event.newestBefore())) {
            progress.duplicate();
            return;
        }
        if (expiresAt != null) {
            expiry.remove(expiresAt, id);
        }
        long newExpiry = order.eventTimeMillis() + delay;
        seen.put(Bytes.wrap(id), newExpiry);
        expiry.add(newExpiry, id);
        context.forward(record.withValue(order));
    }
}
