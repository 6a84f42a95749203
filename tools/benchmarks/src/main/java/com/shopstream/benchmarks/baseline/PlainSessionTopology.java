package com.shopstream.benchmarks.baseline;

import com.shopstream.session.config.SessionProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Set;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.kstream.SessionWindows;
import org.apache.kafka.streams.kstream.Suppressed;
import org.apache.kafka.streams.kstream.Windowed;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.SessionStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * session-service's two per-customer queries written as a plain Kafka Streams application, without Shopstream's layer
 * (no strict reader, watermark step, late topic, dead letters, progress):
 * <pre>
 * orders (JSON) ─ event-time extractor ─ key by customer_id ─ repartition ─┬─ session windows (3 min gap, 3 min grace) ─
 *                                                                          │    count + sum ─┬─ updates
 *                                                                          │                 └─ suppress until close ─ finals
 *                                                                          └─ streak processor ─ streaks
 * </pre>
 * The streak is the plain counterpart of session-service's: per customer, the number of consecutive orders of at least
 * 10.00 in arrival order (a smaller one resets it to 0), every change forwarded. It has no timeout: session-service
 * times a quiet customer out (a last row, then its state deleted) when its watermark moves 30 minutes past the
 * customer's last order; the baseline keeps every customer's count for ever, with no punctuation and no expiry index.
 * Every store, processor and internal topic is named.
 */
public final class PlainSessionTopology {

    static final Duration GAP = SessionProperties.defaults().gap();
    static final Duration GRACE = SessionProperties.defaults().grace();
    static final BigDecimal STREAK_THRESHOLD = SessionProperties.defaults().streak().threshold();
    static final String SESSION_STORE = "baseline-sessions-store";
    static final String STREAK_STORE = "baseline-streaks-store";

    private PlainSessionTopology() {
    }

    public static Topology build(StreamsBuilder builder, String ordersTopic, String updatesTopic, String finalsTopic,
                                 String streaksTopic) {
        Serde<PlainOrder> orderSerde = JsonSerde.of(PlainOrder.class);
        Serde<CountAndSum> aggregateSerde = JsonSerde.of(CountAndSum.class);
        Serde<SessionRow> rowSerde = JsonSerde.of(SessionRow.class);
        KStream<String, PlainOrder> byCustomer = builder.stream(ordersTopic,
                        Consumed.with(Serdes.String(), orderSerde)
                                .withTimestampExtractor(new OrderTimeExtractor())
                                .withName("baseline-orders-source"))
                .selectKey((orderId, order) -> Long.toString(order.customerId()), Named.as("baseline-key-customer"))
                .repartition(Repartitioned.<String, PlainOrder>as("baseline-orders-by-customer")
                        .withKeySerde(Serdes.String()).withValueSerde(orderSerde));

        KTable<Windowed<String>, CountAndSum> sessions = byCustomer
                .groupByKey(Grouped.<String, PlainOrder>as("baseline-sessions-grouped")
                        .withKeySerde(Serdes.String()).withValueSerde(orderSerde))
                .windowedBy(SessionWindows.ofInactivityGapAndGrace(GAP, GRACE))
                .aggregate(() -> CountAndSum.EMPTY, (customer, order, aggregate) -> aggregate.add(order),
                        (customer, left, right) -> left.plus(right), Named.as("baseline-sessions-aggregate"),
                        Materialized.<String, CountAndSum, SessionStore<Bytes, byte[]>>as(SESSION_STORE)
                                .withKeySerde(Serdes.String()).withValueSerde(aggregateSerde));
        // update mode: every change of a session; a session absorbed by a merge goes out as a tombstone
        sessions.toStream(Named.as("baseline-sessions-updates"))
                .map(PlainSessionTopology::row, Named.as("baseline-sessions-update-rows"))
                .to(updatesTopic, Produced.with(Serdes.String(), rowSerde).withName("baseline-sessions-update-sink"));
        // append mode: each session once, when it is closed (gap + grace after its last order, in stream time)
        sessions.suppress(Suppressed.untilWindowCloses(Suppressed.BufferConfig.unbounded())
                        .withName("baseline-sessions-final-buffer"))
                .toStream(Named.as("baseline-sessions-finals"))
                .map(PlainSessionTopology::row, Named.as("baseline-sessions-final-rows"))
                .to(finalsTopic, Produced.with(Serdes.String(), rowSerde).withName("baseline-sessions-final-sink"));

        byCustomer.process(new StreakSupplier(), Named.as("baseline-streaks-processor"))
                .to(streaksTopic, Produced.with(Serdes.String(), JsonSerde.of(Streak.class))
                        .withName("baseline-streaks-sink"));
        return builder.build();
    }

    private static KeyValue<String, SessionRow> row(Windowed<String> session, CountAndSum aggregate) {
        long start = session.window().start();
        long end = session.window().end();
        return KeyValue.pair(session.key() + "@" + Instant.ofEpochMilli(start), aggregate == null ? null
                : new SessionRow(Long.parseLong(session.key()), Instant.ofEpochMilli(start).toString(),
                        Instant.ofEpochMilli(end).toString(), aggregate.orders(), aggregate.total()));
    }

    /** A session's row, as session-service writes one (customer, first and last order time, count, total). */
    public record SessionRow(@JsonProperty("customer_id") long customerId,
                             @JsonProperty("session_start") String sessionStart,
                             @JsonProperty("session_end") String sessionEnd,
                             @JsonProperty("orders") long orders,
                             @JsonProperty("total") BigDecimal total) {
    }

    /** A customer's current streak. */
    public record Streak(@JsonProperty("customer_id") long customerId, @JsonProperty("streak") long streak) {
    }

    private static final class StreakSupplier implements ProcessorSupplier<String, PlainOrder, String, Streak> {

        @Override
        public Processor<String, PlainOrder, String, Streak> get() {
            return new StreakProcessor();
        }

        @Override
        public Set<StoreBuilder<?>> stores() {
            return Set.of(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STREAK_STORE), Serdes.String(),
                    Serdes.Long()));
        }
    }

    /**
     * The plain per-customer streak: a key-value store of counts, one read and one write per order, every change
     * forwarded. No timeout punctuation (see the class comment): state is one entry per customer, never deleted.
     */
    static final class StreakProcessor implements Processor<String, PlainOrder, String, Streak> {

        private ProcessorContext<String, Streak> context;
        private KeyValueStore<String, Long> streaks;

        @Override
        public void init(ProcessorContext<String, Streak> context) {
            this.context = context;
            this.streaks = context.getStateStore(STREAK_STORE);
        }

        @Override
        public void process(Record<String, PlainOrder> record) {
            Long before = streaks.get(record.key());
            long streak = record.value().amount().compareTo(STREAK_THRESHOLD) >= 0
                    ? (before == null ? 0 : before) + 1 : 0;
            streaks.put(record.key(), streak);
            context.forward(record.withValue(new Streak(record.value().customerId(), streak)));
        }
    }
}
