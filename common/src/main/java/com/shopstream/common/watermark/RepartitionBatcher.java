package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.streams.CommitInterval;
import com.shopstream.common.streams.Punctuations;
import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.eventtime.InputPartition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Before a repartition topic: gathers the re-keyed events bound for each of its partitions into one record
 * ({@link Timed.Batch}), so that a Kafka record — produced, fetched, deserialized and put through the task loop —
 * carries many events instead of one. The operator behind gets the same events, each input partition's in its order,
 * each with its record's key, timestamp and headers.
 *
 * <p>Batches form only while the reader is behind in its partition (a backlog, where the per-record work is what
 * limits the rate) or does not know yet; a reader that knows it is at the end of its partition sends each event at
 * once, as without batches, so nothing waits when nothing is queued. A batch goes when it is full, before anything
 * else this step passes on (a report must not overtake the events it covers, and an event sent at once not the ones
 * before it), when it reaches {@link #MAX_BYTES}, and on a wall-clock timer (half the commit interval, at most the
 * report interval). What goes together goes in the order the batches' first events came; a full batch goes at once,
 * ahead of other partitions' older events, whose order no rule depends on (but through a partition that was idle,
 * whose events are not batched: its reader had caught up). Only when a batch goes depends on timing, never what the
 * operator behind computes.
 *
 * <p>A growing batch is kept in a changelogged store, so that a crash between an event's commit and its batch's
 * neither loses nor repeats it: events change memory, and each batch that changed is written once, just before each
 * commit of the task, in its transaction ({@link BeforeCommit}); under exactly_once_v2 the batch commits with the
 * offsets of its events, and a batch made and sent within one commit never reaches the store. The step is in the
 * topology whatever the batch size, so that batches a run left in the store still go when the next runs with size 1. A batch
 * made for another partition count of the repartition topic than it has when the batch goes is sent event by event.
 */
final class RepartitionBatcher<V extends ShopEvent> implements Processor<String, Timed<V>, String, Timed<V>> {

    /**
     * A batch goes once it holds this many bytes: well under the producer's default {@code max.request.size} (1 MiB)
     * unless its last event alone is near that.
     */
    static final int MAX_BYTES = 256 * 1024;

    private final Punctuations punctuations = new Punctuations();
    private final RepartitionBatching batching;
    private final Class<V> type;
    private final Integer partitions;
    private final String repartitionName;
    private final String storeName;
    private ProcessorContext<String, Timed<V>> context;
    private EventTimeRuntime runtime;
    private KeyValueStore<String, byte[]> store;
    private BeforeCommit beforeCommit;
    private RepartitionTarget target;
    /**
     * The growing batch of each source partition and destination partition, as in the store, by {@link #slot}, in
     * the order their first events came. One per source, because a task reads a partition of each of its inputs (the
     * join's orders and payments): their events interleave, and a batch holds one partition's.
     */
    private final Map<String, byte[]> pending = new LinkedHashMap<>();
    /** Slots whose batch the store holds (a batch sent within the commit that made it is never written). */
    private final Set<String> stored = new HashSet<>();
    /** Slots whose batch changed since the last commit. */
    private final Set<String> changed = new HashSet<>();
    private final Map<InputPartition, String[]> slots = new HashMap<>();
    /** Whether the reader is behind in each partition, as of the last timer (the lag is looked up once per source). */
    private final Map<InputPartition, Boolean> behind = new HashMap<>();
    private long nextSequence;
    private int lastDestinations;

    RepartitionBatcher(RepartitionBatching batching, Class<V> type, Integer partitions, String repartitionName,
                       String storeName) {
        this.batching = batching;
        this.type = type;
        this.partitions = partitions;
        this.repartitionName = repartitionName;
        this.storeName = storeName;
    }

    @Override
    public void init(ProcessorContext<String, Timed<V>> context) {
        this.context = context;
        this.runtime = EventTimeRuntime.from(context.appConfigs());
        this.store = context.getStateStore(storeName);
        this.target = RepartitionTarget.of(context, repartitionName, partitions);
        // a revived task re-initializes the same processor: the store, not memory, says what is pending
        pending.clear();
        stored.clear();
        changed.clear();
        beforeCommit = BeforeCommit.of(context, storeName, this::writeChanged);
        behind.clear();
        List<KeyValue<String, byte[]>> kept = new ArrayList<>();
        try (KeyValueIterator<String, byte[]> all = store.all()) {
            all.forEachRemaining(kept::add);
        }
        kept.sort(Comparator.comparingLong(batch -> EventBatches.sequence(batch.value)));
        nextSequence = 0;
        lastDestinations = 0;
        for (KeyValue<String, byte[]> batch : kept) {
            pending.put(batch.key, batch.value);
            stored.add(batch.key);
            nextSequence = EventBatches.sequence(batch.value) + 1;
            lastDestinations = EventBatches.destinations(batch.value);
        }
        // twice per commit interval, and at least every report interval (at_least_once commits every 30 s): batches
        // form only in a backlog, where most go out full; the timer sends the rest once the reader has caught up
        long interval = CommitInterval.of(context).toMillis();
        long timer = Math.max(1, Math.min(interval / 2, runtime.reportInterval().toMillis()));
        punctuations.schedule(context, Duration.ofMillis(timer), PunctuationType.WALL_CLOCK_TIME, now -> {
            behind.clear();
            sendAll();
        });
    }

    @Override
    public void process(Record<String, Timed<V>> record) {
        if (batching.batches() && record.value() instanceof Timed.Event<V> event && record.key() != null
                && behind(event.source())) {
            int destinations = destinations();
            if (destinations > 0) {
                if (destinations != lastDestinations) {
                    // the repartition topic's count changed: what is pending goes first, in its order
                    sendAll();
                    lastDestinations = destinations;
                }
                add(record, event, destinations);
                return;
            }
        }
        sendAll();
        context.forward(record);
    }

    private void add(Record<String, Timed<V>> record, Timed.Event<V> event, int destinations) {
        int destination = RepartitionTarget.partitionOf(record.key(), destinations);
        String slot = slot(event.source(), destination, destinations);
        byte[] batch = pending.get(slot);
        if (batch != null && !EventBatches.takes(batch, event.partitionCount(), destinations)) {
            send(slot);   // its events knew another partition count of their topic, or of the repartition topic
            batch = null;
        }
        if (batch == null) {
            batch = EventBatches.start(event.source(), event.partitionCount(), destinations, nextSequence++);
        }
        batch = EventBatches.append(batch, record.key(), record.timestamp(), record.headers(), event);
        pending.put(slot, batch);
        if (EventBatches.size(batch) >= batching.maxEvents() || batch.length >= MAX_BYTES) {
            send(slot);
        } else {
            changed.add(slot);
            beforeCommit.changed();
        }
    }

    @Override
    public void close() {
        punctuations.cancelAll();
        if (beforeCommit != null) {
            beforeCommit.close();
        }
    }

    /** Before each commit: the batches that changed since the last one are written. */
    private void writeChanged() {
        for (String slot : changed) {
            store.put(slot, pending.get(slot));
            stored.add(slot);
        }
        changed.clear();
    }

    /**
     * Whether the reader has records of the partition still to read, or does not know yet (a reader that has just
     * started, most often on a backlog: a batch then waits at most for the timer).
     */
    private boolean behind(InputPartition source) {
        Boolean known = behind.get(source);
        if (known == null) {
            known = runtime.lag().lag(source).orElse(1) > 0;
            behind.put(source, known);
        }
        return known;
    }

    /** The repartition topic's partition count, {@code 0} while not known (events then go one by one). */
    private int destinations() {
        return target.partitions();
    }

    private void sendAll() {
        if (pending.isEmpty()) {
            return;
        }
        // in the order their first events came
        List<String> slots = new ArrayList<>(pending.keySet());
        slots.forEach(this::send);
    }

    private void send(String slot) {
        byte[] batch = pending.remove(slot);
        changed.remove(slot);
        Timed.Batch<V> value = EventBatches.batch(batch, destinationOf(slot));
        if (destinations() == value.destinations()) {
            context.forward(new Record<>(SourceClock.NO_KEY, value, Math.max(0, value.timestamp()),
                    new RecordHeaders()));
        } else {
            // the topic has another partition count now, or one not known yet (a batch from before a restart):
            // its events go where the partitioner puts their keys
            for (EventBatches.Entry<V> entry : EventBatches.entries(value, type)) {
                context.forward(entry.record());
            }
        }
        if (stored.remove(slot)) {
            store.delete(slot);
        }
    }

    /**
     * {@code <destination>/<source topic>/<source partition>}; made once per source and destination, not per
     * event.
     */
    private String slot(InputPartition source, int destination, int destinations) {
        String[] bySource = slots.get(source);
        if (bySource == null || bySource.length != destinations) {
            bySource = new String[destinations];
            slots.put(source, bySource);
        }
        if (bySource[destination] == null) {
            bySource[destination] = destination + "/" + source.topic() + "/" + source.partition();
        }
        return bySource[destination];
    }

    private static int destinationOf(String slot) {
        return Integer.parseInt(slot.substring(0, slot.indexOf('/')));
    }
}
