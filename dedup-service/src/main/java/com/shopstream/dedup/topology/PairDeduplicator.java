package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.streams.StreamsRuntime;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Guarded;
import com.shopstream.common.watermark.WatermarkSpec;
import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Spark's {@code withWatermark(order_ts, delay).dropDuplicates(order_id, order_ts)}: the first copy of each
 * (order_id, order_ts) passes, later copies are dropped. A pair's state goes once the watermark passes its
 * {@code order_ts}: from then on any copy of it is older than the watermark, so the event-time step before this one
 * refuses it as too late. The state is an {@link ExpiryIndex} itself, keyed by (order_ts, order_id): lookup and
 * expiry in one store.
 */
final class PairDeduplicator implements FixedKeyProcessor<String, Guarded<Order>, Order> {

    private final WatermarkSpec spec;
    private final String storeName;
    private final Duration evictionInterval;
    private FixedKeyProcessorContext<String, Order> context;
    private ExpiryIndex seen;
    private QueryProgress progress;
    private long watermark = Long.MIN_VALUE;

    PairDeduplicator(WatermarkSpec spec, String storeName, Duration evictionInterval) {
        this.spec = spec;
        this.storeName = storeName;
        this.evictionInterval = evictionInterval;
    }

    @Override
    public void init(FixedKeyProcessorContext<String, Order> context) {
        this.context = context;
        this.seen = new ExpiryIndex(context.getStateStore(storeName));
        this.progress = StreamsRuntime.from(context.appConfigs()).progress()
                .query(spec.query(), spec.delay(), spec.sourceTopics());
        context.schedule(evictionInterval, PunctuationType.STREAM_TIME, streamTime -> evict());
    }

    @Override
    public void process(FixedKeyRecord<String, Guarded<Order>> record) {
        if (!(record.value() instanceof Guarded.Admitted<Order> admitted)) {
            return;
        }
        watermark = Math.max(watermark, admitted.watermarkAfter());
        Order order = admitted.event();
        long orderTs = order.eventTimeMillis();
        byte[] key = OrderKeys.orderId(order.orderId());
        if (seen.contains(orderTs, key)) {
            progress.duplicate();
            return;
        }
        seen.add(orderTs, key);
        context.forward(record.withValue(order));
    }

    /** A pair expires once its order_ts is older than the watermark. */
    private void evict() {
        if (watermark != Long.MIN_VALUE) {
            seen.removeUpTo(watermark - 1);
        }
    }
}
