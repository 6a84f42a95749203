package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.serde.BinaryFormat;
import com.shopstream.common.streams.CommitInterval;
import com.shopstream.common.streams.StreamsRuntime;
import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.common.watermark.InputClocks;
import com.shopstream.common.watermark.InputPartition;
import com.shopstream.common.watermark.Timed;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Partial aggregation before the repartition of the window queries that share it: each source task adds up its
 * on-time orders per group and {@link WindowSlices slice} (count, exact total, oldest and newest event time), and
 * sends the sums through the repartition instead of the orders ({@link Timed.Partials}, one record per destination
 * partition); the windows behind add each slice's sum to every window that holds it. What crosses is a few records per
 * group and slice instead of one per order: for an ungrouped query the one task behind the repartition no longer does
 * every order's work.
 *
 * <p>When a slice goes, so that nothing computed depends on timing:
 * <ul>
 *   <li>before the partition's clock reaches the slice's {@link WindowSlices#dueAt}: before the event that carries it
 *       on (its clock reaches the tracker behind) and before a report of it, so a window is never made final without
 *       a partial of its own partition;</li>
 *   <li>all at once before a report that declares the partition idle (the query's watermark may then pass it);</li>
 *   <li>for a group with an update-mode query, all at once twice per commit interval (wall clock), like a
 *       micro-batch: later orders of the slice make another partial, added behind like the first.</li>
 * </ul>
 *
 * <p>What crosses as itself, as without this step: an order that moves its partition's clock so far that a window
 * may become final ({@link WindowSlices#mayClose}: it carries the clock to the windows at once, a few orders per
 * window and partition), an order some window of its own partition's watermark refused
 * (the windows behind count it in the others only), an amount with more than two fraction digits, and an order that
 * may be too late for a window the query's watermark made final while its partition was idle — it must go to the late
 * topic as the order it is, which a sum cannot. Behind the repartition only an idle declaration lets the query's
 * watermark pass a partition's; after one, the first order read sets a bound: no watermark can be beyond the newest
 * event time any reader accepts ({@code max-future-skew} ahead of the wall clock) plus {@link #CLOCK_DISAGREEMENT}
 * between instances' clocks, and an order whose earliest window ends at or before that bound crosses as itself.
 *
 * <p>Crash safety under {@code exactly_once_v2}: Kafka Streams has no hook before a commit, so a partial kept only in
 * memory would be lost, or sent twice, by a crash between its orders' commit and its own. Each order's addition is
 * written to a changelogged store (its record cache keeps the rewrites of one partial within a commit from RocksDB and
 * the changelog), and a partial is deleted from it when it is sent: orders, partial and sending commit together. The
 * step stays in the topology when combining is switched off, to send what a run before left in the store.
 */
final class SliceCombiner implements Processor<String, Timed<Order>, String, Timed<Order>> {

    /** A partials record goes once it holds this many bytes, like a batch of events. */
    static final int MAX_BYTES = 256 * 1024;

    /** How far the wall clocks of two instances may disagree, on top of {@code max-future-skew} (class comment). */
    static final Duration CLOCK_DISAGREEMENT = Duration.ofMinutes(5);

    private static final byte CONTROL = 0;
    private static final byte PARTIAL = 1;
    private static final byte CONTROL_VERSION = 1;
    private static final Bytes CONTROL_KEY = Bytes.wrap(new byte[] {CONTROL});
    private static final String NO_KEY = "";

    private final WindowSlices slices;
    private final boolean combines;
    private final boolean updates;
    private final String ordersTopic;
    private final Integer partitions;
    private final String repartitionName;
    private final String storeName;
    private final Supplier<Instant> latestAccepted;
    private ProcessorContext<String, Timed<Order>> context;
    private EventTimeRuntime runtime;
    private KeyValueStore<Bytes, byte[]> store;
    private String repartitionTopic;
    private InputPartition source;
    /** The partials not sent yet, as in the store: by slice start, then group. */
    private final TreeMap<Long, Map<String, Open>> open = new TreeMap<>();
    /** The clock at which the oldest open slice is due ({@link Long#MAX_VALUE}: none open). */
    private long nextDue = Long.MAX_VALUE;
    /** The groups of the slice the last order went to. */
    private long lastStart = InputClocks.NONE;
    private Map<String, Open> lastGroups;
    /** The partition was declared idle, and no order has been read since. */
    private boolean idleDeclared;
    /** An order whose earliest window ends at or before it crosses as itself ({@link InputClocks#NONE}: none). */
    private long riskBound = InputClocks.NONE;

    /**
     * @param combines       whether to combine (when not, what the store holds is sent and every order passes on)
     * @param updates        whether a query of the group writes update rows (then partials go every commit interval)
     * @param partitions     the repartition topic's partition count, or {@code null} for Kafka Streams' choice
     * @param latestAccepted the newest event time the inputs' reader accepts now
     */
    SliceCombiner(WindowSlices slices, boolean combines, boolean updates, String ordersTopic, Integer partitions,
                  String repartitionName, String storeName, Supplier<Instant> latestAccepted) {
        this.slices = slices;
        this.combines = combines;
        this.updates = updates;
        this.ordersTopic = ordersTopic;
        this.partitions = partitions;
        this.repartitionName = repartitionName;
        this.storeName = storeName;
        this.latestAccepted = latestAccepted;
    }

    @Override
    public void init(ProcessorContext<String, Timed<Order>> context) {
        this.context = context;
        this.runtime = StreamsRuntime.from(context.appConfigs()).eventTime();
        this.store = context.getStateStore(storeName);
        this.repartitionTopic = context.applicationId() + "-" + repartitionName + "-repartition";
        // the source task of partition n reads partition n of the orders topic, its one input
        this.source = new InputPartition(ordersTopic, context.taskId().partition());
        // a revived task re-initializes the same processor: the store, not memory, says what is open
        open.clear();
        forgetLastSlice();
        idleDeclared = false;
        riskBound = InputClocks.NONE;
        try (KeyValueIterator<Bytes, byte[]> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<Bytes, byte[]> entry = all.next();
                byte[] key = entry.key.get();
                if (key[0] == CONTROL) {
                    ByteBuffer control = BinaryFormat.open(entry.value, CONTROL_VERSION, "slice combiner state");
                    idleDeclared = control.get() == 1;
                    riskBound = control.getLong();
                } else {
                    long start = ByteBuffer.wrap(key, 1, Long.BYTES).getLong() ^ Long.MIN_VALUE;
                    String group = new String(key, 1 + Long.BYTES, key.length - 1 - Long.BYTES,
                            StandardCharsets.UTF_8);
                    open.computeIfAbsent(start, s -> new HashMap<>())
                            .put(group, new Open(entry.key, SlicePartial.of(entry.value)));
                }
            }
        }
        nextDue = open.isEmpty() ? Long.MAX_VALUE : slices.dueAt(open.firstKey());
        if (updates) {
            // twice per commit interval, as the batches: a partial then mostly reaches the windows before they
            // write their next update rows (every commit interval), not one interval later
            long interval = Math.max(1, CommitInterval.of(context).toMillis() / 2);
            context.schedule(Duration.ofMillis(interval), PunctuationType.WALL_CLOCK_TIME, now -> sendAll());
        }
    }

    @Override
    public void process(Record<String, Timed<Order>> record) {
        if (!combines && !open.isEmpty()) {
            sendAll();   // what a run that combined left
        }
        Timed<Order> value = record.value();
        if (value instanceof Timed.Event<Order> event) {
            if (!event.source().equals(source)) {
                throw new IllegalStateException("the partial aggregation of " + source + " got an order of "
                        + event.source() + ": a source task reads one partition of " + ordersTopic);
            }
            if (event.newestAfter() >= nextDue) {
                send(takeDue(event.newestAfter()));
            }
            if (idleDeclared) {
                resumedAfterIdle();
            }
            if (combines && record.key() != null && !slices.mayClose(event.newestBefore(), event.newestAfter())
                    && combine(record.key(), event)) {
                return;
            }
        } else if (value instanceof Timed.Report<Order> report && report.idle()) {
            sendAll();
            if (!idleDeclared) {
                idleDeclared = true;
                saveControl();
            }
        } else if (value instanceof Timed.Report<Order> report) {
            if (report.newest() >= nextDue) {
                send(takeDue(report.newest()));
            }
        } else {
            sendAll();
        }
        context.forward(record);
    }

    /** Adds the order to its group's partial of its slice, if it may be combined. */
    private boolean combine(String group, Timed.Event<Order> event) {
        Order order = event.event();
        long eventTime = order.eventTimeMillis();
        if (!slices.countsEverywhere(eventTime, event.newestBefore())) {
            return false;
        }
        long start = slices.start(eventTime);
        if (riskBound != InputClocks.NONE && slices.earliestEnd(start) <= riskBound) {
            return false;
        }
        long cents = SlicePartial.cents(order.amount());
        if (cents < 0) {
            return false;
        }
        Open partial = partial(start, group);
        if (!partial.partial().takes(cents)) {
            // its total would overflow: it goes now, and the slice's next orders make another
            send(List.of(new Due(start, group, partial)));
            open.get(start).remove(group);
            partial = partial(start, group);
        }
        partial.partial().add(cents, eventTime);
        store.put(partial.key(), partial.partial().bytes());
        return true;
    }

    private Open partial(long start, String group) {
        if (start != lastStart) {
            Map<String, Open> groups = open.get(start);
            if (groups == null) {
                groups = new HashMap<>();
                open.put(start, groups);
                nextDue = slices.dueAt(open.firstKey());
            }
            lastStart = start;
            lastGroups = groups;
        }
        Open partial = lastGroups.get(group);
        if (partial == null) {
            partial = new Open(key(start, group), new SlicePartial());
            lastGroups.put(group, partial);
        }
        return partial;
    }

    /** The first order after an idle declaration: from now on, orders the bound may have closed a window of cross. */
    private void resumedAfterIdle() {
        long bound = latestAccepted.get().plus(CLOCK_DISAGREEMENT).toEpochMilli();
        riskBound = Math.max(riskBound, bound);
        idleDeclared = false;
        saveControl();
    }

    private void saveControl() {
        store.put(CONTROL_KEY, ByteBuffer.allocate(2 + Long.BYTES).put(CONTROL_VERSION)
                .put((byte) (idleDeclared ? 1 : 0)).putLong(riskBound).array());
    }

    /** Takes out of {@link #open} every slice due at this clock. */
    private List<Due> takeDue(long clock) {
        List<Due> due = new ArrayList<>();
        while (!open.isEmpty() && slices.dueAt(open.firstKey()) <= clock) {
            Map.Entry<Long, Map<String, Open>> slice = open.pollFirstEntry();
            slice.getValue().forEach((group, partial) -> due.add(new Due(slice.getKey(), group, partial)));
        }
        forgetLastSlice();
        return due;
    }

    private void sendAll() {
        if (open.isEmpty()) {
            return;
        }
        List<Due> all = new ArrayList<>();
        open.forEach((start, groups) -> groups.forEach((group, partial) -> all.add(new Due(start, group, partial))));
        open.clear();
        forgetLastSlice();
        send(all);
    }

    private void forgetLastSlice() {
        lastStart = InputClocks.NONE;
        lastGroups = null;
        nextDue = open.isEmpty() ? Long.MAX_VALUE : slices.dueAt(open.firstKey());
    }

    /** Sends the partials, a record per destination partition, and deletes them from the store. */
    private void send(List<Due> due) {
        if (due.isEmpty()) {
            return;
        }
        int destinations = partitions != null ? partitions
                : runtime.partitionCounts().count(repartitionTopic).orElse(0);
        if (destinations <= 0) {
            // the topic's partition count is not known yet: each partial goes where the partitioner puts its group
            for (Due partial : due) {
                SlicePartials.Writer one = new SlicePartials.Writer();
                one.add(partial.group(), partial.start(), slices.length(), partial.open().partial());
                forward(partial.group(), -1, 0, one);
            }
        } else {
            SlicePartials.Writer[] writers = new SlicePartials.Writer[destinations];
            for (Due partial : due) {
                int destination = Utils.toPositive(Utils.murmur2(partial.group().getBytes(StandardCharsets.UTF_8)))
                        % destinations;
                if (writers[destination] == null) {
                    writers[destination] = new SlicePartials.Writer();
                }
                writers[destination].add(partial.group(), partial.start(), slices.length(), partial.open().partial());
                if (writers[destination].bytes() >= MAX_BYTES) {
                    forward(NO_KEY, destination, destinations, writers[destination]);
                    writers[destination] = null;
                }
            }
            for (int destination = 0; destination < destinations; destination++) {
                if (writers[destination] != null) {
                    forward(NO_KEY, destination, destinations, writers[destination]);
                }
            }
        }
        for (Due partial : due) {
            store.delete(partial.open().key());
        }
    }

    private void forward(String key, int destination, int destinations, SlicePartials.Writer writer) {
        Timed.Partials<Order> partials = new Timed.Partials<>(destination, destinations, source, writer.newest(),
                writer.size(), writer.encoded());
        context.forward(new Record<>(key, partials, Math.max(0, writer.newest())));
    }

    /** {@code PARTIAL}, the slice start with its sign bit flipped (byte order is time order), the group. */
    private static Bytes key(long start, String group) {
        byte[] utf8 = group.getBytes(StandardCharsets.UTF_8);
        return Bytes.wrap(ByteBuffer.allocate(1 + Long.BYTES + utf8.length).put(PARTIAL)
                .putLong(start ^ Long.MIN_VALUE).put(utf8).array());
    }

    /** A partial not sent yet, with its key in the store. */
    private record Open(Bytes key, SlicePartial partial) {
    }

    /** A partial about to be sent. */
    private record Due(long start, String group, Open open) {
    }
}
