package com.shopstream.dedup.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.streams.StreamsRuntime;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Guarded;
import com.shopstream.common.watermark.WatermarkSpec;
import java.time.Duration;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Spark's {@code dropDuplicatesWithinWatermark(order_id)}: the first copy of an order passes; a later copy, even with
 * another {@code order_ts} (a retry stamped anew), is dropped while the first copy's {@code order_ts + delay} is not
 * yet behind the watermark. State: order_id → that expiry, plus an {@link ExpiryIndex} to drop it on time.
 */
final class FirstCopyDeduplicator implements FixedKeyProcessor<String, Guarded<Order>, Order> {

    private final WatermarkSpec spec;
    private final String seenStoreName;
    private final String expiryStoreName;
    private final Duration evictionInterval;
    private final long delay;
    private FixedKeyProcessorContext<String, Order> context;
    private KeyValueStore<Bytes, Long> seen;
    private ExpiryIndex expiry;
    private QueryProgress progress;
    private long watermark = Long.MIN_VALUE;

    FirstCopyDeduplicator(WatermarkSpec spec, String seenStoreName, String expiryStoreName,
                          Duration evictionInterval) {
        this.spec = spec;
        this.seenStoreName = seenStoreName;
        this.expiryStoreName = expiryStoreName;
        this.evictionInterval = evictionInterval;
        this.delay = spec.delay().toMillis();
    }

    @Override
    public void init(FixedKeyProcessorContext<String, Order> context) {
        this.context = context;
        this.seen = context.getStateStore(seenStoreName);
        this.expiry = new ExpiryIndex(context.getStateStore(expiryStoreName));
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
        byte[] id = OrderKeys.orderId(order.orderId());
        Long expiresAt = seen.get(Bytes.wrap(id));
        // judged against the watermark before this record, as Spark judges a row against the batch's watermark;
        // state not yet evicted but already behind the watermark no longer counts
        if (expiresAt != null && expiresAt >= admitted.watermark()) {
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

    /** An order's state goes once its expiry is behind the watermark. */
    private void evict() {
        if (watermark == Long.MIN_VALUE) {
            return;
        }
        for (ExpiryIndex.Expired expired : expiry.removeUpTo(watermark - 1)) {
            seen.delete(Bytes.wrap(expired.key()));
        }
    }
}
