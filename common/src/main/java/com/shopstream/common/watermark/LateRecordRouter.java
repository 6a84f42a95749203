package com.shopstream.common.watermark;

import com.shopstream.common.serde.Topic;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * The reusable event-time step of every query: the {@link EventTimeGuard} on the stream, refused records to the
 * service's late topic (with headers naming the query, the watermark and the refused windows), admitted records on.
 * Every part is named after the query, so the names survive refactoring and a rename fails a topology test.
 *
 * <p>Names: processor {@code <query>-event-time-guard}, store {@code <query>-watermark} (changelogged), branches
 * {@code <query>-lateness-late} / {@code <query>-lateness-on-time}, late sink {@code <query>-late-sink}.
 */
public final class LateRecordRouter {

    private LateRecordRouter() {
    }

    /**
     * @return admitted records, and stream-time marks when the spec asks for them: for a window aggregate downstream
     */
    public static <V> KStream<String, Guarded<V>> route(KStream<String, V> input, WatermarkSpec spec,
                                                        Topic<String, V> lateTopic) {
        String query = spec.query();
        KStream<String, Guarded<V>> guarded =
                input.processValues(new GuardSupplier<>(spec), Named.as(query + "-event-time-guard"));
        Map<String, KStream<String, Guarded<V>>> branches = guarded
                .split(Named.as(query + "-lateness-"))
                .branch((key, value) -> value instanceof Guarded.Refused<V>, Branched.as("late"))
                .defaultBranch(Branched.as("on-time"));
        branches.get(query + "-lateness-late")
                .mapValues(value -> ((Guarded.Refused<V>) value).event(), Named.as(query + "-late-records"))
                .to(lateTopic.name(), lateTopic.producedAs(query + "-late-sink"));
        return branches.get(query + "-lateness-on-time");
    }

    /**
     * For state that expires by event time but refuses nothing ({@link LatenessRule#NEVER_LATE}): only the
     * persisted watermark, passed on with each record. No late topic.
     */
    public static <V> KStream<String, Guarded<V>> watermarked(KStream<String, V> input, WatermarkSpec spec) {
        if (spec.rule() != LatenessRule.NEVER_LATE) {
            throw new IllegalArgumentException(spec.query() + " refuses late records: use route() and a late topic");
        }
        return input.processValues(new GuardSupplier<>(spec), Named.as(spec.query() + "-event-time-guard"));
    }

    /** For operators that need no stream-time marks (joins, deduplication): the admitted events themselves. */
    public static <V> KStream<String, V> admitted(KStream<String, V> input, WatermarkSpec spec,
                                                  Topic<String, V> lateTopic) {
        if (spec.streamTimeMarks()) {
            throw new IllegalArgumentException("admitted() drops stream-time marks; use route() for " + spec.query());
        }
        return route(input, spec, lateTopic)
                .mapValues(value -> ((Guarded.Admitted<V>) value).event(), Named.as(spec.query() + "-admitted"));
    }

    private record GuardSupplier<V>(WatermarkSpec spec) implements FixedKeyProcessorSupplier<String, V, Guarded<V>> {

        @Override
        public FixedKeyProcessor<String, V, Guarded<V>> get() {
            return new EventTimeGuard<>(spec);
        }

        @Override
        public Set<StoreBuilder<?>> stores() {
            // a handful of rows per task: in memory, restored from its changelog, writes coalesced per commit
            return Set.of(Stores.keyValueStoreBuilder(
                            Stores.inMemoryKeyValueStore(spec.storeName()), Serdes.String(), Serdes.Long())
                    .withLoggingEnabled(Map.of())
                    .withCachingEnabled());
        }
    }
}
