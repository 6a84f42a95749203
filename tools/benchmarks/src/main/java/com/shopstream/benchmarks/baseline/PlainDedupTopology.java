package com.shopstream.benchmarks.baseline;

import com.shopstream.dedup.config.DedupProperties;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * dedup-service's {@code (order_id, order_ts)} deduplication written as a plain Kafka Streams application. Kafka
 * Streams has no deduplication operator, so this is the small Processor API step a Kafka Streams user would write:
 * <pre>
 * orders (JSON) ─ event-time extractor ─ dedup (first copy of each (order_id, order_ts) passes) ─ output
 * </pre>
 * The pairs seen are kept in a named persistent key-value store keyed by (order_ts, order_id), big-endian, so that
 * the store's order is time order; a stream-time punctuation every second removes, by one range scan from where the
 * last one ended, the pairs whose order_ts is more than 3 minutes older than stream time. Orders are keyed and
 * partitioned by order id, so every copy meets in one task without a repartition.
 *
 * <p>Only one query: dedup-service runs two (this one and the first copy per order_id), each after its own event-time
 * step, which refuses records older than the watermark to a late topic. Here nothing is refused: a copy that arrives
 * after its pair was evicted passes again, and an order already older than the eviction bound passes without being
 * remembered.
 */
public final class PlainDedupTopology {

    /** dedup-service's default watermark delay: how long a pair is remembered behind stream time. */
    static final Duration RETENTION = DedupProperties.defaults().grace();
    /** dedup-service's default eviction interval (stream time). */
    static final Duration EVICTION_INTERVAL = Duration.ofSeconds(1);
    static final String STORE = "baseline-dedup-seen";

    private PlainDedupTopology() {
    }

    public static Topology build(StreamsBuilder builder, String ordersTopic, String outputTopic) {
        Serde<PlainOrder> orderSerde = JsonSerde.of(PlainOrder.class);
        builder.stream(ordersTopic, Consumed.with(Serdes.String(), orderSerde)
                        .withTimestampExtractor(new OrderTimeExtractor())
                        .withName("baseline-orders-source"))
                .processValues(new DedupSupplier(), Named.as("baseline-dedup"))
                .to(outputTopic, Produced.with(Serdes.String(), orderSerde).withName("baseline-dedup-sink"));
        return builder.build();
    }

    private static final class DedupSupplier implements FixedKeyProcessorSupplier<String, PlainOrder, PlainOrder> {

        @Override
        public FixedKeyProcessor<String, PlainOrder, PlainOrder> get() {
            return new Dedup();
        }

        @Override
        public Set<StoreBuilder<?>> stores() {
            return Set.of(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.Bytes(),
                    Serdes.ByteArray()));
        }
    }

    static final class Dedup implements FixedKeyProcessor<String, PlainOrder, PlainOrder> {

        private static final byte[] SEEN = new byte[0];
        private FixedKeyProcessorContext<String, PlainOrder> context;
        private KeyValueStore<Bytes, byte[]> seen;
        /**
         * Where the next eviction scan starts: deleted pairs stay in RocksDB as tombstones until compaction, and a scan
         * from the start of the store would step over all of them every second (a cost that grows with the length of
         * the run). Starts at 0 after a restart: one longer scan.
         */
        private long scanFrom;

        @Override
        public void init(FixedKeyProcessorContext<String, PlainOrder> context) {
            this.context = context;
            this.seen = context.getStateStore(STORE);
            context.schedule(EVICTION_INTERVAL, PunctuationType.STREAM_TIME, this::evict);
        }

        @Override
        public void process(FixedKeyRecord<String, PlainOrder> record) {
            // the record's timestamp is order_ts (the extractor's)
            long orderTs = record.timestamp();
            if (orderTs < scanFrom) {
                // already past eviction (a pair evicted, or first seen, that long behind stream time): it passes and
                // is not remembered, as it would be evicted at once
                context.forward(record);
                return;
            }
            Bytes pair = pair(orderTs, record.value().orderId());
            if (seen.get(pair) != null) {
                return; // a later copy
            }
            seen.put(pair, SEEN);
            context.forward(record);
        }

        /** Removes every pair whose order_ts is before {@code streamTime - RETENTION}. */
        private void evict(long streamTime) {
            long cutoff = streamTime - RETENTION.toMillis();
            if (cutoff <= scanFrom) {
                return;
            }
            List<Bytes> expired = new ArrayList<>();
            try (KeyValueIterator<Bytes, byte[]> old = seen.range(pair(scanFrom, Long.MIN_VALUE),
                    pair(cutoff - 1, Long.MAX_VALUE))) {
                old.forEachRemaining(entry -> expired.add(entry.key));
            }
            expired.forEach(seen::delete);
            scanFrom = cutoff;
        }

        /** (order_ts, order_id), big-endian: byte order is time order for the non-negative times of the stream. */
        private static Bytes pair(long orderTs, long orderId) {
            return Bytes.wrap(ByteBuffer.allocate(16).putLong(orderTs).putLong(orderId).array());
        }
    }
}
