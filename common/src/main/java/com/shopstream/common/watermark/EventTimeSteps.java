package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.streams.ProcessorSuppliers;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.eventtime.LatenessRule;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * The event-time steps every query is built from, named after the step so that the names survive refactoring:
 * <pre>
 * input ─ source(…) ─┬─ late topic                         (too late for its own partition's watermark)
 *                    └─ [repartition(…) ─ track(…)] ─ [inEventTimeOrder(…)] ─ operator (events and advances)
 * </pre>
 * A query whose operator runs in the source's task uses {@link SourceStep.Mode#LOCAL} and no repartition; a query
 * behind a repartition uses {@link SourceStep.Mode#REPORTS}, {@link #repartition} and {@link #track}.
 *
 * <p>Names: processor {@code <step>-source-clock} with store {@code <step>-watermarks}, branches
 * {@code <step>-lateness-late} / {@code -on-time}, late sink {@code <step>-late-sink}; repartition topic
 * {@code <name>-repartition} (processor {@code <name>-key} unless the caller's step keys, batcher
 * {@code <name>-batch} with store {@code <name>-batches}), tracker {@code <name>-frontier} with store
 * {@code <name>-watermarks}, order {@code <name>-event-time-order} with store {@code <name>-release-buffer}.
 */
public final class EventTimeSteps {

    /** The key of what is not an event (reports, advances): it is for every key. */
    public static final String NO_KEY = SourceClock.NO_KEY;

    private EventTimeSteps() {
    }

    /** Judges each record against its own partition's watermark; refused ones go to {@code lateTopic}. */
    public static <V extends ShopEvent> KStream<String, Timed<V>> source(KStream<String, V> input, SourceStep step,
                                                                       Topic<String, V> lateTopic) {
        String name = step.name();
        Map<String, KStream<String, Timed<V>>> branches = input
                .process(ProcessorSuppliers.withStores(() -> new SourceClock<V>(step),
                                ClockStore.builders(step.storeName())),
                        Named.as(name + "-source-clock"))
                .split(Named.as(name + "-lateness-"))
                .branch((key, value) -> value instanceof Timed.Late<V>, Branched.as("late"))
                .defaultBranch(Branched.as("on-time"));
        branches.get(name + "-lateness-late")
                .mapValues(value -> ((Timed.Late<V>) value).event(), Named.as(name + "-late-records"))
                .to(lateTopic.name(), lateTopic.producedAs(name + "-late-sink"));
        return branches.get(name + "-lateness-on-time");
    }

    /**
     * A source step whose queries refuse nothing ({@link LatenessRule#NEVER_LATE}): only the partitions' clocks,
     * for progress and for the events' stamps. No late topic.
     */
    public static <V extends ShopEvent> KStream<String, Timed<V>> clocked(KStream<String, V> input, SourceStep step) {
        if (step.queries().stream().anyMatch(q -> q.rule() != LatenessRule.NEVER_LATE)) {
            throw new IllegalArgumentException("source step " + step.name() + " refuses late records: use source() "
                    + "and a late topic");
        }
        return input.process(ProcessorSuppliers.withStores(() -> new SourceClock<V>(step),
                                ClockStore.builders(step.storeName())),
                Named.as(step.name() + "-source-clock"));
    }

    /**
     * Re-keys events and sends them, with the reports, through the repartition topic {@code <name>-repartition}:
     * events by their new key, reports to every partition.
     *
     * @param partitions the topic's partition count, or {@code null} for Kafka Streams' choice (as many as the input)
     */
    public static <V extends ShopEvent> KStream<String, Timed<V>> repartition(KStream<String, Timed<V>> timed,
                                                                            String name, Function<V, String> key,
                                                                            Class<V> type, Integer partitions) {
        return repartition(timed, name, key, type, partitions, null);
    }

    /**
     * {@link #repartition(KStream, String, Function, Class, Integer)}, with the events in batches (processor
     * {@code <name>-batch}, store {@code <name>-batches}; see {@link RepartitionBatcher}) unless {@code batching} is
     * {@code null}; with one event per batch the step stays, and sends on what an earlier run left in its store. The
     * operator behind reads {@link Timed.Batch}es as well as events.
     */
    public static <V extends ShopEvent> KStream<String, Timed<V>> repartition(KStream<String, Timed<V>> timed,
                                                                            String name, Function<V, String> key,
                                                                            Class<V> type, Integer partitions,
                                                                            RepartitionBatching batching) {
        KStream<String, Timed<V>> keyed = timed
                .selectKey((oldKey, value) -> value instanceof Timed.Event<V> event
                        ? key.apply(event.event()) : NO_KEY, Named.as(name + "-key"));
        return batchAndRepartition(keyed, name, type, partitions, batching);
    }

    /**
     * {@link #repartition(KStream, String, Function, Class, Integer, RepartitionBatching)} with a step of the caller's
     * in place of the re-keying, before the batches ({@code keyingStep}: orders-service's partial aggregation). The
     * step looks at every event anyway, so it keys those it passes on itself: no re-keying node, a hop less for every
     * record. It must key events by the repartition's key, everything else by {@link #NO_KEY}, and pass reports on
     * after what they cover.
     */
    public static <V extends ShopEvent> KStream<String, Timed<V>> repartitionKeyedBy(
            KStream<String, Timed<V>> timed, String name, Class<V> type, Integer partitions,
            RepartitionBatching batching, UnaryOperator<KStream<String, Timed<V>>> keyingStep) {
        return batchAndRepartition(keyingStep.apply(timed), name, type, partitions, batching);
    }

    private static <V extends ShopEvent> KStream<String, Timed<V>> batchAndRepartition(
            KStream<String, Timed<V>> keyed, String name, Class<V> type, Integer partitions,
            RepartitionBatching batching) {
        Repartitioned<String, Timed<V>> repartitioned = Repartitioned.<String, Timed<V>>as(name)
                .withKeySerde(Serdes.String())
                .withValueSerde(new TimedSerde<>(type))
                .withStreamPartitioner(new ReportsToEveryPartition<>());
        if (partitions != null) {
            repartitioned = repartitioned.withNumberOfPartitions(partitions);
        }
        if (batching != null) {
            String store = name + "-batches";
            // no record cache: events change memory, and the batches they changed are written once per commit,
            // just before it
            StoreBuilder<?> batches = batching.stores().keyValueStore(store, Serdes.String(), Serdes.ByteArray());
            keyed = keyed.process(ProcessorSuppliers.withStores(
                            () -> new RepartitionBatcher<V>(batching, type, partitions, name, store),
                            batches, BeforeCommit.signalStore(batches)),
                    Named.as(name + "-batch"));
        }
        return keyed.repartition(repartitioned);
    }

    /** Behind a repartition: learns every input partition's clock and sends advances of the query's frontier. */
    public static <V> KStream<String, Timed<V>> track(KStream<String, Timed<V>> repartitioned, FrontierStep step) {
        return repartitioned.process(ProcessorSuppliers.withStores(() -> new FrontierTracker<V>(step),
                ClockStore.builders(step.storeName())), Named.as(step.name() + "-frontier"));
    }

    /**
     * Behind {@link #track}: releases events in the order of their partitions' clocks (see {@link EventTimeOrder}),
     * for an operator whose result depends on the order it sees events in.
     */
    public static <V extends ShopEvent> KStream<String, Timed<V>> inEventTimeOrder(KStream<String, Timed<V>> tracked,
                                                                                 FrontierStep step, Class<V> type,
                                                                                 StateStoreKind stores) {
        if (!step.holdBacks().isEmpty()) {
            // it orders events by their partitions' own clocks against the frontier: held-back inputs would break it
            throw new IllegalArgumentException(step.name() + ": events are put in event-time order only for queries "
                    + "with one delay for every input, not " + step.holdBacks());
        }
        String buffer = step.name() + "-release-buffer";
        return tracked.process(ProcessorSuppliers.withStores(
                        () -> new EventTimeOrder<V>(buffer, step.storeName(), type),
                        // cached: an event is mostly released moments after it is held, and then neither
                        // reaches RocksDB; the changelog gets one tombstone
                        stores.keyValueStore(buffer, Serdes.Bytes(), Serdes.ByteArray())
                                .withCachingEnabled()),
                Named.as(step.name() + "-event-time-order"), step.storeName());
    }

    /** The frontier a task had reached before it (re)started, from the store a step keeps it in. */
    static long persistedFrontier(org.apache.kafka.streams.state.KeyValueStore<String, byte[]> store,
                                  Map<String, Long> holdBacks) {
        return new ClockStore(store, holdBacks).frontier();
    }
}
