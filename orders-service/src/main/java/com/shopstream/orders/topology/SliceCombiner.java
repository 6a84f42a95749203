package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.streams.CommitInterval;
import com.shopstream.common.streams.Punctuations;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.RepartitionTarget;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.eventtime.InputPartition;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * Partial aggregation before the repartition of the window queries that share it: each source task adds up its
 * on-time orders per group and {@link WindowSlices slice} (count, exact total, oldest and newest event time), and
 * sends the sums through the repartition instead of the orders ({@link Timed.Partials}, one record per destination
 * partition); the windows behind add each slice's sum to every window that holds it. It also keys what it passes on
 * for the repartition (events by their group, the rest by {@link EventTimeSteps#NO_KEY}): it reads every order's
 * group anyway, and a node of its own for that cost a hop per order. What crosses is a few records per group and
 * slice instead of one per order: for an ungrouped query the one task behind the repartition no longer does
 * every order's work.
 *
 * <p>When a slice goes, so that nothing computed depends on timing:
 * <ul>
 *   <li>before the partition's clock reaches the slice's {@link WindowSlices#dueAt}: before the event that carries it
 *       on (its clock reaches the tracker behind) and before a report of it, so a window is never made final without
 *       a partial of its own partition;</li>
 *   <li>all at once before a report that declares the partition idle (the query's watermark may then pass it);</li>
 *   <li>all at once when more than {@link #MAX_OPEN_PARTIALS} are open (memory stays bounded);</li>
 *   <li>all at once on a wall-clock timer: just before each commit of the task for a group with an update-mode
 *       query (like a micro-batch; {@link BeforeCommit#writeBeforeCommit}; every commit interval on the plain path,
 *       which half an interval was before), every {@link #APPEND_ONLY_INTERVAL} for the others (what
 *       {@code GET /windows} shows of an open window); later orders of the slice make another partial, added behind
 *       like the first.</li>
 * </ul>
 *
 * <p>What crosses as itself, as without this step: an order that moves its partition's clock so far that a window
 * may become final ({@link WindowSlices#mayClose}: it carries the clock to the windows at once, a few orders per
 * window and partition), an order some window of its own partition's watermark refused (the windows behind count it
 * in the others only), an amount with more than two fraction digits, and, after the partition was declared idle, an
 * order that may be too late for a window the query's watermark made final meanwhile ({@link IdleRisk}): it must go
 * to the late topic as the order it is, which a sum cannot. The bound {@link IdleRisk} takes is the newest event time
 * a reader may have accepted ({@code max-future-skew} ahead of the later of the wall clock and the brokers' time as
 * last read: no clock moves past a record's broker time plus the smaller {@code future-allowance}) plus
 * {@link #CLOCK_DISAGREEMENT}: after an idle
 * spell a partition's orders cross as themselves for about that long in event time.
 *
 * <p>Crash safety under {@code exactly_once_v2}: a partial kept only in memory would be lost, or sent twice, by a crash
 * between its orders' commit and its own. The partials' rows are written to a changelogged store just before each
 * commit of the task, in its transaction ({@link BeforeCommit}: each changed row once per commit, not once per
 * order), and a partial is deleted from it when it is sent: orders, partial and sending commit together. The step
 * stays in the topology when combining is switched off, to send what a run before left in the store.
 */
final class SliceCombiner implements Processor<String, Timed<Order>, String, Timed<Order>> {

    /** A partials record goes once it holds this many bytes, like a batch of events. */
    static final int MAX_BYTES = 256 * 1024;

    /**
     * How often the partials of a group without update-mode query go: its windows' rows wait for the watermark
     * anyway, but {@code GET /windows} shows open windows as the partials reached them.
     */
    static final Duration APPEND_ONLY_INTERVAL = Duration.ofSeconds(1);

    /**
     * Open partials a task keeps, over all its open slices (each in memory, about 200 bytes with its group's name):
     * once there are more, everything open goes at once.
     */
    static final int MAX_OPEN_PARTIALS = 100_000;

    /** How far the wall clocks of two instances may disagree, on top of {@code max-future-skew} (class comment). */
    static final Duration CLOCK_DISAGREEMENT = Duration.ofMinutes(5);

    /** The key of the {@link IdleRisk} in the store (the partials' rows start with {@link OpenSlices#PARTIAL}). */
    private static final Bytes CONTROL_KEY = Bytes.wrap(new byte[] {0});

    private final Punctuations punctuations = new Punctuations();
    private final WindowSlices slices;
    private final Function<Order, String> groupOf;
    private final boolean combines;
    private final boolean updates;
    private final String ordersTopic;
    private final Integer partitions;
    private final String repartitionName;
    private final String storeName;
    private final Supplier<Instant> latestAccepted;
    private final int maxOpenPartials;
    private ProcessorContext<String, Timed<Order>> context;
    private KeyValueStore<Bytes, byte[]> store;
    private BeforeCommit beforeCommit;
    private RepartitionTarget target;
    private InputPartition source;
    /** The partials not sent yet, as in the store. */
    private OpenSlices open;
    /** The clock at which the oldest open slice is due ({@link Long#MAX_VALUE}: none open). */
    private long nextDue = Long.MAX_VALUE;
    /** Which orders may be combined after an idle declaration, as stored under {@link #CONTROL_KEY}. */
    private IdleRisk idleRisk;

    /**
     * @param groupOf        an order's group: its key in the repartition
     * @param combines       whether to combine (when not, what the store holds is sent and every order passes on)
     * @param updates        whether a query of the group writes update rows (then partials go just before each commit)
     * @param partitions     the repartition topic's partition count, or {@code null} for Kafka Streams' choice
     * @param latestAccepted the newest event time the inputs' reader accepts now
     * @param maxOpenPartials {@link #MAX_OPEN_PARTIALS}, but in tests
     */
    SliceCombiner(WindowSlices slices, Function<Order, String> groupOf, boolean combines, boolean updates,
                  String ordersTopic, Integer partitions, String repartitionName, String storeName,
                  Supplier<Instant> latestAccepted, int maxOpenPartials) {
        this.slices = slices;
        this.groupOf = groupOf;
        this.combines = combines;
        this.updates = updates;
        this.ordersTopic = ordersTopic;
        this.partitions = partitions;
        this.repartitionName = repartitionName;
        this.storeName = storeName;
        this.latestAccepted = latestAccepted;
        this.maxOpenPartials = maxOpenPartials;
    }

    @Override
    public void init(ProcessorContext<String, Timed<Order>> context) {
        this.context = context;
        this.store = context.getStateStore(storeName);
        this.target = RepartitionTarget.of(context, repartitionName, partitions);
        // the source task of partition n reads partition n of the orders topic, its one input
        this.source = new InputPartition(ordersTopic, context.taskId().partition());
        // a revived task re-initializes the same processor: the store, not memory, says what is open
        this.open = new OpenSlices(store);
        open.load();
        beforeCommit = BeforeCommit.of(context, storeName, open::flush);
        updateNextDue();
        idleRisk = IdleRisk.of(store.get(CONTROL_KEY));
        if (updates) {
            // with update rows just before each commit: a partial is read behind the commit that makes it visible
            // and its windows' rows go just before their next one, so an order waits for two commits, no timer
            beforeCommit.writeBeforeCommit(context, CommitInterval.of(context), this::sendAll);
        } else {
            punctuations.schedule(context, APPEND_ONLY_INTERVAL, PunctuationType.WALL_CLOCK_TIME, now -> sendAll());
        }
    }

    @Override
    public void process(Record<String, Timed<Order>> record) {
        if (!combines && !open.isEmpty()) {
            sendAll();   // what a run that combined left
        }
        Timed<Order> value = record.value();
        if (value instanceof Timed.Event<Order> event) {
            String group = groupOf.apply(event.event());
            if (!combined(group, event)) {
                context.forward(record.withKey(group));
            }
            return;
        } else if (value instanceof Timed.Report<Order> report && report.idle()) {
            sendAll();
            if (idleRisk.declared(report.endOffset())) {
                store.put(CONTROL_KEY, idleRisk.bytes());
            }
        } else if (value instanceof Timed.Report<Order> report) {
            if (report.newest() >= nextDue) {
                send(takeDue(report.newest()));
            }
        } else {
            sendAll();
        }
        context.forward(record.withKey(EventTimeSteps.NO_KEY));
    }

    /**
     * Sends the slices its clock makes due, then adds the order to its partial if it may be combined.
     *
     * @return whether it was (else it crosses as itself)
     */
    private boolean combined(String group, Timed.Event<Order> event) {
        if (event.source() != source) {
            if (!event.source().equals(source)) {
                throw new IllegalStateException("the partial aggregation of " + source + " got an order of "
                        + event.source() + ": a source task reads one partition of " + ordersTopic);
            }
            source = event.source();   // the source step's own: the next ones are the same object
        }
        if (event.newestAfter() >= nextDue) {
            send(takeDue(event.newestAfter()));
        }
        long offset = context.recordMetadata().orElseThrow().offset();
        if (idleRisk.read(offset, () -> latestAccepted.get().plus(CLOCK_DISAGREEMENT).toEpochMilli())) {
            store.put(CONTROL_KEY, idleRisk.bytes());
        }
        return combines && !slices.mayClose(event.newestBefore(), event.newestAfter())
                && combine(group, event, offset);
    }

    /** Adds the order to its group's partial of its slice, if it may be combined. */
    private boolean combine(String group, Timed.Event<Order> event, long offset) {
        Order order = event.event();
        long eventTime = order.eventTimeMillis();
        if (!slices.countsEverywhere(eventTime, event.newestBefore())) {
            return false;
        }
        long start = slices.start(eventTime);
        if (!idleRisk.safe(offset, slices.earliestEnd(start))) {
            return false;
        }
        long cents = SlicePartial.cents(order.amount());
        if (cents < 0) {
            return false;
        }
        boolean oldestBefore = !open.isEmpty() && open.firstStart() <= start;
        if (!open.add(start, group, cents, eventTime)) {
            // its total would overflow: it goes now, and the slice's next orders make another
            send(List.of(open.takeOne(start, group)));
            open.add(start, group, cents, eventTime);
        }
        beforeCommit.changed();
        if (!oldestBefore) {
            updateNextDue();
        }
        if (open.size() > maxOpenPartials) {
            sendAll();   // memory stays bounded: a sum sent early is added up behind like any other
        }
        return true;
    }

    /** Takes every slice due at this clock out of {@link #open}. */
    private List<OpenSlices.Open> takeDue(long clock) {
        List<OpenSlices.Open> due = new ArrayList<>();
        while (!open.isEmpty() && slices.dueAt(open.firstStart()) <= clock) {
            due.addAll(open.take(open.firstStart()));
        }
        updateNextDue();
        return due;
    }

    private void sendAll() {
        if (!open.isEmpty()) {
            send(open.takeAll());
            updateNextDue();
        }
    }

    private void updateNextDue() {
        nextDue = open.isEmpty() ? Long.MAX_VALUE : slices.dueAt(open.firstStart());
    }

    /** Sends the partials taken out of the store, a record per destination partition. */
    private void send(List<OpenSlices.Open> due) {
        if (due.isEmpty()) {
            return;
        }
        int destinations = target.partitions();
        if (destinations <= 0) {
            // the topic's partition count is not known yet: each partial goes where the partitioner puts its group
            for (OpenSlices.Open partial : due) {
                SlicePartials.Writer one = new SlicePartials.Writer();
                one.add(partial.group(), partial.start(), slices.length(), partial.partial());
                forward(partial.group(), -1, 0, one);
            }
        } else {
            SlicePartials.Writer[] writers = new SlicePartials.Writer[destinations];
            for (OpenSlices.Open partial : due) {
                int destination = RepartitionTarget.partitionOf(partial.group(), destinations);
                if (writers[destination] == null) {
                    writers[destination] = new SlicePartials.Writer();
                }
                writers[destination].add(partial.group(), partial.start(), slices.length(), partial.partial());
                if (writers[destination].bytes() >= MAX_BYTES) {
                    forward(EventTimeSteps.NO_KEY, destination, destinations, writers[destination]);
                    writers[destination] = null;
                }
            }
            for (int destination = 0; destination < destinations; destination++) {
                if (writers[destination] != null) {
                    forward(EventTimeSteps.NO_KEY, destination, destinations, writers[destination]);
                }
            }
        }
    }

    @Override
    public void close() {
        punctuations.cancelAll();
        if (beforeCommit != null) {
            beforeCommit.close();
        }
    }

    private void forward(String key, int destination, int destinations, SlicePartials.Writer writer) {
        Timed.Partials<Order> partials = new Timed.Partials<>(destination, destinations, source, writer.newest(),
                writer.size(), writer.encoded());
        context.forward(new Record<>(key, partials, Math.max(0, writer.newest())));
    }

}
