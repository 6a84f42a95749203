package com.shopstream.benchmarks.baseline;

import java.nio.ByteBuffer;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The write floors: what the writes alone of a stateful query cost, with no query around them. The orders are read
 * as bytes, nothing is parsed, and each one is kept: its key and its timestamp (8 bytes) put in a persistent
 * key-value store, RocksDB with its changelog, as any changelogged state a record changes is. {@code keep} stops
 * there; {@code keep-copy} also writes the order, as it came, to an output topic:
 * <pre>
 * orders (bytes) ─ keep (a put and its changelog record) [─ copy ─ output]
 * </pre>
 * Every stateful query of the suite changes its state for (nearly) every order it takes (the deduplications with a
 * put per order, the windows and sessions with a put per changed key before each commit), and both deduplications
 * also write (nearly) every order out, under exactly-once, as these do. A floor is what plain Kafka Streams pays for
 * a changelogged put per record (and a copy): a query pays on top for each further write it makes (a delete at
 * expiry, a repartition record, a final row), for making its writes otherwise (larger, through its producer
 * interceptor, with its own RocksDB settings) and for the rest of its work. A floor under twice Spark's rate would
 * mean that no query making these writes reaches twice Spark here.
 */
public final class PlainWritesTopology {

    static final String STORE = "baseline-writes-kept";

    private PlainWritesTopology() {
    }

    /** Each order kept. */
    public static Topology keep(StreamsBuilder builder, String ordersTopic) {
        kept(builder, ordersTopic);
        return builder.build();
    }

    /** Each order kept, then written to {@code outputTopic}. */
    public static Topology keepAndCopy(StreamsBuilder builder, String ordersTopic, String outputTopic) {
        kept(builder, ordersTopic).to(outputTopic, Produced.with(Serdes.ByteArray(), Serdes.ByteArray())
                .withName("baseline-writes-copy-sink"));
        return builder.build();
    }

    private static KStream<byte[], byte[]> kept(StreamsBuilder builder, String ordersTopic) {
        return builder.stream(ordersTopic, Consumed.with(Serdes.ByteArray(), Serdes.ByteArray())
                        .withName("baseline-writes-orders-source"))
                .processValues(new KeepSupplier(), Named.as("baseline-writes-keep"));
    }

    private static final class KeepSupplier implements FixedKeyProcessorSupplier<byte[], byte[], byte[]> {

        @Override
        public FixedKeyProcessor<byte[], byte[], byte[]> get() {
            return new Keep();
        }

        @Override
        public Set<StoreBuilder<?>> stores() {
            return Set.of(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.ByteArray(),
                    Serdes.ByteArray()));
        }
    }

    private static final class Keep implements FixedKeyProcessor<byte[], byte[], byte[]> {

        private FixedKeyProcessorContext<byte[], byte[]> context;
        private KeyValueStore<byte[], byte[]> kept;

        @Override
        public void init(FixedKeyProcessorContext<byte[], byte[]> context) {
            this.context = context;
            this.kept = context.getStateStore(STORE);
        }

        @Override
        public void process(FixedKeyRecord<byte[], byte[]> record) {
            kept.put(record.key(), ByteBuffer.allocate(Long.BYTES).putLong(record.timestamp()).array());
            context.forward(record);
        }
    }
}
