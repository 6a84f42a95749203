package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.streams.StreamsRuntime;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
 * record's key, timestamp and headers.
 *
 * <p>Batches form only while the reader is behind in its partition (a backlog, where the per-record work is what
 * limits the rate); a reader at the end of its partition sends each event at once, as without batches, so nothing
 * waits when nothing is queued. A batch goes when it is full, before anything else this step passes on (a report
 * must not overtake the events it covers, and an event sent at once not the ones before it), and twice per commit
 * interval of wall-clock time. Only when a batch goes depends on timing, never what the operator behind computes.
 *
 * <p>A growing batch is kept in a changelogged store, written with every event: Kafka Streams has no hook before a
 * commit, so a batch only in memory would be lost (or sent twice) by a crash between an event's commit and its
 * batch's; with the store, the batch commits with the offsets of its events under exactly_once_v2. The store's
 * record cache keeps the rewrites of a batch from reaching RocksDB and the changelog.
 */
final class RepartitionBatcher<V extends ShopEvent> implements Processor<String, Timed<V>, String, Timed<V>> {

    private final RepartitionBatching batching;
    private final Integer partitions;
    private final String storeName;
    private ProcessorContext<String, Timed<V>> context;
    private EventTimeRuntime runtime;
    private KeyValueStore<String, byte[]> store;
    /**
     * The growing batch of each source partition and destination partition, as in the store; by {@link #slot}. One
     * per source, because a task reads a partition of each of its inputs (the join's orders and payments): their
     * events interleave, and a batch holds one partition's.
     */
    private final Map<String, byte[]> pending = new HashMap<>();
    /** Slots whose batch the store holds (a batch that is sent at once is never written). */
    private final Set<String> stored = new HashSet<>();
    private final Map<InputPartition, String[]> slots = new HashMap<>();

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
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            all.forEachRemaining(batch -> {
                pending.put(batch.key, batch.value);
                stored.add(batch.key);
            });
        }
        // twice per commit interval: a batch mostly reaches an operator that writes update rows every commit
        // interval before its next rows
        long interval = Long.parseLong(String.valueOf(context.appConfigs().get(
                StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)));
        context.schedule(Duration.ofMillis(Math.max(1, interval / 2)), PunctuationType.WALL_CLOCK_TIME,
                now -> sendAll());
    }

    @Override
    public void process(Record<String, Timed<V>> record) {
        int destinations = destinations();
        if (record.value() instanceof Timed.Event<V> event && record.key() != null && destinations > 0
                && behind(event.source())) {
            add(record, event, destinations);
            return;
        }
        sendAll();
        context.forward(record);
    }

    private void add(Record<String, Timed<V>> record, Timed.Event<V> event, int destinations) {
        int destination = Utils.toPositive(Utils.murmur2(record.key().getBytes(StandardCharsets.UTF_8)))
                % destinations;
        String slot = slot(event.source(), destination, destinations);
        byte[] batch = pending.get(slot);
        if (batch != null && !EventBatches.takes(batch, event.source(), destinations)) {
            send(slot);   // made for another partition count of the topic
            batch = null;
        }
        if (batch == null) {
            batch = EventBatches.start(event.source(), destinations);
        }
        batch = EventBatches.append(batch, record.key(), record.timestamp(), record.headers(), event);
        pending.put(slot, batch);
        if (EventBatches.size(batch) >= batching.maxEvents()) {
            send(slot);
        } else {
            store.put(slot, batch);
            stored.add(slot);
        }
    }

    /** Whether the reader knows it has records of the partition still to read. */
    private boolean behind(InputPartition source) {
        return runtime.lag().lag(source).orElse(0) > 0;
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
        // in slot order, so that a replay sends what the first run sent
        List<String> slots = new ArrayList<>(pending.keySet());
        slots.sort(null);
        slots.forEach(this::send);
    }

    private void send(String slot) {
        byte[] batch = pending.remove(slot);
        Timed.Batch<V> value = EventBatches.batch(batch, destinationOf(slot));
        context.forward(new Record<>(SourceClock.NO_KEY, value, Math.max(0, value.timestamp()),
                new RecordHeaders()));
        if (stored.remove(slot)) {
            store.delete(slot);
        }
    }

    /**
     * {@code <destination>/<source topic>/<source partition>}, the destination zero-padded so that it sorts first;
     * made once per source and destination, not per event.
     */
    private String slot(InputPartition source, int destination, int destinations) {
        String[] bySource = slots.get(source);
        if (bySource == null || bySource.length != destinations) {
            bySource = new String[destinations];
            slots.put(source, bySource);
        }
        if (bySource[destination] == null) {
            bySource[destination] = String.format(Locale.ROOT, "%05d/%s/%d", destination, source.topic(),
                    source.partition());
        }
        return bySource[destination];
    }

    private static int destinationOf(String slot) {
        return Integer.parseInt(slot.substring(0, slot.indexOf('/')));
    }
}
