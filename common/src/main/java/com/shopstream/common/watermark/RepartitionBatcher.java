package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.streams.StreamsRuntime;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Before a repartition topic: gathers the re-keyed events bound for each of its partitions into one record
 * ({@link Timed.Batch}), so that a Kafka record — produced, fetched, deserialized and put through the task loop —
 * carries many events instead of one. The operator behind gets the same events in the same order, each with its
 * record's key, timestamp and headers; only when differs, so nothing it computes depends on the batching.
 *
 * <p>A batch goes out when it is full, when its newest event moved its partition's watermark past a window end of a
 * query behind (what that makes final is not held back), and before anything else this step passes on — a report
 * must not overtake the events it covers — and twice per commit interval of wall-clock time (update rows stay about
 * as fresh as without batches). A growing batch is kept in a changelogged store, written with every event: Kafka Streams has
 * no hook before a commit, so a batch only in memory would be lost (or sent twice) by a crash between an event's
 * commit and its batch's; with the store, the batch commits with the offsets of its events under exactly_once_v2.
 * The store's record cache keeps the rewrites of a batch from reaching RocksDB and the changelog.
 */
final class RepartitionBatcher<V extends ShopEvent> implements Processor<String, Timed<V>, String, Timed<V>> {

    private final RepartitionBatching batching;
    private final Integer partitions;
    private final String storeName;
    private ProcessorContext<String, Timed<V>> context;
    private EventTimeRuntime runtime;
    private KeyValueStore<Integer, byte[]> store;
    /** The growing batch of each destination partition, as in the store. */
    private final Map<Integer, byte[]> pending = new HashMap<>();
    /** Destinations whose batch the store holds (a batch that is sent at once is never written). */
    private final Set<Integer> stored = new HashSet<>();

    RepartitionBatcher(RepartitionBatching batching, Integer partitions, String storeName) {
        this.batching = batching;
        this.partitions = partitions;
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<String, Timed<V>> context) {
        this.context = context;
        this.runtime = StreamsRuntime.from(context.appConfigs()).eventTime();
        this.store = context.getStateStore(storeName);
        // a revived task re-initializes the same processor: the store, not memory, says what is pending
        pending.clear();
        stored.clear();
        try (KeyValueIterator<Integer, byte[]> all = store.all()) {
            all.forEachRemaining(batch -> {
                pending.put(batch.key, batch.value);
                stored.add(batch.key);
            });
        }
        // twice per commit interval: an operator that writes update rows every commit interval then has this
        // step's events of the interval first (in one task, as in TopologyTestDriver, always: a punctuation due
        // earlier runs first)
        long interval = Long.parseLong(String.valueOf(context.appConfigs().get(
                StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)));
        context.schedule(Duration.ofMillis(Math.max(1, interval / 2)), PunctuationType.WALL_CLOCK_TIME,
                now -> sendAll());
    }

    @Override
    public void process(Record<String, Timed<V>> record) {
        int destinations = destinations();
        if (record.value() instanceof Timed.Event<V> event && record.key() != null && destinations > 0) {
            add(record, event, destinations);
            return;
        }
        sendAll();
        context.forward(record);
    }

    private void add(Record<String, Timed<V>> record, Timed.Event<V> event, int destinations) {
        int destination = Utils.toPositive(Utils.murmur2(record.key().getBytes(StandardCharsets.UTF_8)))
                % destinations;
        byte[] batch = pending.get(destination);
        if (batch != null && !EventBatches.takes(batch, event.source(), destinations)) {
            send(destination);
            batch = null;
        }
        if (batch == null) {
            batch = EventBatches.start(event.source(), destinations);
        }
        batch = EventBatches.append(batch, record.key(), record.timestamp(), record.headers(), event);
        pending.put(destination, batch);
        if (EventBatches.size(batch) >= batching.maxEvents() || mayClose(event)) {
            send(destination);
        } else {
            store.put(destination, batch);
            stored.add(destination);
        }
    }

    private boolean mayClose(Timed.Event<V> event) {
        for (QueryLateness query : batching.queries()) {
            if (query.rule().mayCloseBetween(query.watermark(event.newestBefore()),
                    query.watermark(event.newestAfter()))) {
                return true;
            }
        }
        return false;
    }

    /** The repartition topic's partition count, {@code 0} while not known (events then go one by one). */
    private int destinations() {
        if (!batching.batches()) {
            return 0;
        }
        if (partitions != null) {
            return partitions;
        }
        int most = 0;
        for (String topic : batching.sourceTopics()) {
            most = Math.max(most, runtime.partitionCounts().count(topic).orElse(0));
        }
        return most;
    }

    private void sendAll() {
        if (pending.isEmpty()) {
            return;
        }
        // in destination order, so that a replay sends what the first run sent
        List<Integer> destinations = new ArrayList<>(pending.keySet());
        destinations.sort(null);
        destinations.forEach(this::send);
    }

    private void send(int destination) {
        byte[] batch = pending.remove(destination);
        Timed.Batch<V> value = EventBatches.batch(batch, destination);
        context.forward(new Record<>(SourceClock.NO_KEY, value, Math.max(0, value.timestamp()),
                new RecordHeaders()));
        if (stored.remove(destination)) {
            store.delete(destination);
        }
    }
}
