package com.shopstream.orders.topology;

import com.shopstream.common.errors.DeadLetterRouter;
import com.shopstream.common.errors.FailedRecord;
import com.shopstream.common.errors.FailureStage;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.ResultKeys;
import com.shopstream.common.model.WindowResult;
import com.shopstream.common.streams.CommitInterval;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.LateRecordHeaders;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.common.writebehind.KeyValueState;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.Refusal;
import com.shopstream.eventtime.TimeWindowLateness;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * One window query, driven by the query's watermark (the oldest of its input partitions' watermarks), never by a
 * clock of its own: Kafka Streams' window aggregate and {@code suppress} close windows on the newest timestamp their
 * task has seen, which with several input partitions runs ahead of partitions still being read.
 *
 * <p>An order counts in each of its windows that was open for its own partition's watermark before it (the source
 * step refused it for the others and said so). Such a window still takes it here: no watermark behind the
 * repartition can be ahead of the partition's own. A window becomes final, and its append-mode row is written (its
 * only one without allowed lateness, below), when the query's watermark reaches its end; it is kept for {@code GET /windows} until the watermark passes
 * {@code start + retention}. Only when an input partition was idle can the query's
 * watermark pass an order's window first: that order goes to the late topic with the cause {@code idle-partition}.
 *
 * <p>With an allowed lateness {@code L}, a window takes orders until the watermark reaches {@code end + L} (the same
 * rule, {@link TimeWindowLateness}, at the source for the order's partition and here for the query): an order for a
 * window already final adds to it, and its final row is written again at once with the next {@code revision} (the
 * first final row is revision 1; the store keeps the last revision a late order wrote, so a restart goes on from it).
 * The retention is at least {@code size + L}, so a window is never deleted while it may still be revised.
 *
 * <p>Update rows are coalesced per commit interval, as the contract allows (and as the DSL's record cache does): a
 * window's changes since the last row are written about once per commit interval (twice when it changes both
 * before and after the interval's asked write), just before the task's commit (a {@code read_committed} reader sees
 * nothing sooner; {@code BeforeCommit#writeBeforeCommit}), and before any window is made final (so a window's last
 * update precedes its final row). What changes in the first half of an interval is written at the next tick, with a
 * commit asked for (at most one per interval, {@code BeforeCommit#commitSoon}): the partial sums come in just after
 * their source tasks' commit, and their rows then wait for no second commit. The rows are kept in memory only: after
 * a restart, the first rows written are those of every open window, so a change whose row a crash lost (its commit
 * had the store's change but not yet the row) is written then. Update mode may repeat a row; it never loses the
 * newest one.
 */
final class WindowProcessor extends EventTimeOperator<Order, String, WindowOutput> {

    private static final TimedSerde<Order> PARTIALS = new TimedSerde<>(Order.class);

    private final WindowQuery query;
    private final long size;
    private final long advance;
    private final long retention;
    private final TimeWindowLateness windowsOf;
    private DeadLetterRouter deadLetters;
    private KeyValueState<Bytes, WindowAggregate> windows;
    /**
     * Windows ending at or before it are final and their rows written: the query's watermark once an advance has
     * written them, so that an advance that fails after its final rows (its record dead-lettered) does not write them
     * again at the next one.
     */
    private long closedUpTo = InputClocks.NONE;
    /** Windows starting at or before it are gone from the store. */
    private long deletedUpTo = InputClocks.NONE;
    /** Windows changed since their last update row, in key order; their newest timestamp. */
    private final Map<Bytes, Long> changed = new TreeMap<>();
    /** What the record being processed adds to each of its windows, before it goes to the store. */
    private final Map<Bytes, Counted> counted = new HashMap<>();
    /** Whether the rows of every open window were written since the start (see the class comment). */
    private boolean openWindowsWritten;

    WindowProcessor(WindowQuery query, QueryLateness lateness, String frontierStore) {
        super(lateness, Order.class, frontierStore);
        this.query = query;
        this.size = query.size().toMillis();
        this.advance = query.advance().toMillis();
        this.retention = query.retention().toMillis();
        if (!(lateness.rule() instanceof TimeWindowLateness windows)) {
            throw new IllegalArgumentException("the windows of " + query.name() + " need a time-window rule: "
                    + lateness.rule());
        }
        this.windowsOf = windows;
    }

    @Override
    protected void open(ProcessorContext<String, WindowOutput> context) {
        // Kafka Streams re-initializes the same processor when it revives a corrupted task: forget what was in memory
        this.changed.clear();
        this.counted.clear();
        this.openWindowsWritten = false;
        this.closedUpTo = InputClocks.NONE;
        this.deletedUpTo = InputClocks.NONE;
        // keys in the store's byte order (by start, then group): a scan for the windows a watermark makes final
        // writes those first, not the windows of newer slices, which would be written again at the commit; and a
        // window past the greatest key the store may hold is not looked up: a slice's windows until a commit writes
        // them, and after it those of groups past every one written (store reads were visible in the per-customer
        // query's profile before: docs/benchmarks/log.md)
        this.windows = KeyValueState.of(context, query.storeName(), Comparator.naturalOrder());
        this.deadLetters = DeadLetterRouter.from(context.appConfigs());
        // windows ending at or before the watermark are final (and their rows written)
        if (watermark() != InputClocks.NONE) {
            closedUpTo = watermark();
            deletedUpTo = closedUpTo - retention;
        }
        if (query.updateTopic() != null) {
            windows.writeBeforeCommit(context, CommitInterval.of(context), this::writeUpdates);
        }
    }

    @Override
    protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        count(record.key(), event, record.timestamp(), record.headers());
    }

    /** A source task's sums per group and slice ({@link SliceCombiner}): each added to every window of its slice. */
    @Override
    protected void onPartials(Timed.Partials<Order> partials) {
        for (SlicePartials.Entry entry : SlicePartials.entries(partials.encoded(), partials.size())) {
            countSlice(entry, partials);
        }
    }

    /** One read and write per window of what a record brought (a batch's events, a partials record's sums). */
    @Override
    protected void afterEvents() {
        addCounted();
    }

    /**
     * Counts an order in its open windows (into {@link #counted}), or sends it to the late topic. The source step has
     * sent it there already for the windows its partition's watermark had made final; the windows this query's
     * watermark made final besides (its partition was idle while the others moved the watermark on) are refused
     * here. Both are prefixes of the order's windows, oldest first, as the query's rule ({@link #windowsOf}, the
     * lateness's own) lists them.
     */
    private void count(String group, Timed.Event<Order> event, long timestamp, Headers headers) {
        Order order = event.event();
        long eventTime = order.eventTimeMillis();
        long partitionWatermark = partitionWatermark(event);
        int sourceRefused = windowsOf.refusal(eventTime, partitionWatermark).refusedWindows().size();
        List<String> refusedByQuery = windowsOf.refusal(eventTime, closedUpTo).refusedWindows();
        int closed = Math.max(sourceRefused, refusedByQuery.size());
        int index = 0;
        boolean inWindow = false;
        for (long start = windowsOf.firstStart(eventTime); start <= eventTime; start += advance, index++) {
            if (index >= closed) {
                counted.computeIfAbsent(WindowKeys.key(start, group), key -> new Counted()).add(order, eventTime);
                inWindow = true;
            }
        }
        if (refusedByQuery.size() > sourceRefused) {
            Refusal refusal = new Refusal(!inWindow, List.copyOf(refusedByQuery.subList(sourceRefused,
                    refusedByQuery.size())), windowsOf.allowedLateness() == 0
                    ? "its window was final while its partition was idle"
                    : "its window was past its allowed lateness while its partition was idle");
            context().forward(new Record<>(group, (WindowOutput) new WindowOutput.Late(order), timestamp,
                    lateHeaders(headers, event, eventTime, refusal, closedUpTo)));
        }
    }

    /**
     * Counts a partial in every window holding its slice (into {@link #counted}). Its orders counted in every window
     * of their partition's watermark, and none of these windows can be final yet: the source sent the partial before
     * its partition's clock could make one final, and after an idle declaration it sends what could be late as orders
     * ({@link IdleRisk}). A partial that finds one final but within its allowed lateness revises it, as an order
     * would; one that finds a window past it (instances whose wall clocks disagree by more than the
     * bound allows, or a query's grace lowered while partials were on their way) counts in the windows still open, and
     * for the final ones becomes a dead letter of this query; so does a partial of a slice that does not fit this
     * query's windows (the queries sharing the repartition changed with partials in it). No exception: every query
     * sharing the repartition decides for itself, as for a late order, and no entry is counted or refused twice.
     */
    private void countSlice(SlicePartials.Entry entry, Timed.Partials<Order> partials) {
        long sliceStart = entry.sliceStart();
        long length = entry.sliceLength();
        if (length <= 0 || size % length != 0 || advance % length != 0 || Math.floorMod(sliceStart, length) != 0) {
            refuse(entry, partials, new Refusal(true, List.of(), "a partial of a slice of "
                    + Duration.ofMillis(length) + " at " + Instant.ofEpochMilli(sliceStart) + " does not fit the "
                    + "windows of " + query.name() + " (" + query.size() + " every " + query.advance() + "): the "
                    + "queries sharing the repartition changed while partials were in it"));
            return;
        }
        List<String> finalHere = new ArrayList<>(1);
        boolean inWindow = false;
        for (long start = windowsOf.firstStart(sliceStart); start <= sliceStart; start += advance) {
            if (windowsOf.refuses(start, closedUpTo)) {
                finalHere.add(Instant.ofEpochMilli(start) + "/" + Instant.ofEpochMilli(start + size));
                continue;
            }
            counted.computeIfAbsent(WindowKeys.key(start, entry.group()), key -> new Counted())
                    .add(entry.partial());
            inWindow = true;
        }
        if (!finalHere.isEmpty()) {
            refuse(entry, partials, new Refusal(!inWindow, List.copyOf(finalHere), (windowsOf.allowedLateness() == 0
                    ? "windows already final" : "windows past their allowed lateness") + ": the "
                    + "instances' wall clocks disagree by more than max-future-skew + "
                    + SliceCombiner.CLOCK_DISAGREEMENT + ", or the query's grace was lowered with partials on their "
                    + "way"));
        }
    }

    /**
     * A dead letter of this query for one entry: its value the entry as a partials record of its own, its headers the
     * late headers (query, partition, watermark, refused windows) and the reason, which names the group and slice —
     * every query and entry of one source record has a letter of its own. Counted as a dead letter, not a late row:
     * it never reaches the late topic.
     */
    private void refuse(SlicePartials.Entry entry, Timed.Partials<Order> partials, Refusal refusal) {
        RecordMetadata from = context().recordMetadata().orElseThrow();
        Headers headers = LateRecordHeaders.of(new RecordHeaders(), query.name(), partials.source(), closedUpTo,
                entry.partial().newest(), refusal, LateCause.IDLE_PARTITION);
        String reason = "a partial of " + entry.partial().orders() + " orders of group " + entry.group()
                + " in the slice at " + Instant.ofEpochMilli(entry.sliceStart()) + " from " + partials.source()
                + ": " + refusal.reason();
        FailedRecord failed = new FailedRecord(FailureStage.PROCESSING, from.topic(), from.partition(),
                from.offset(), new byte[0], PARTIALS.serializer().serialize(from.topic(),
                SlicePartials.single(entry, partials.source())), headers, new IllegalStateException(reason));
        if (!deadLetters.route(failed)) {
            counted.clear();
            throw new StreamsException("could not write the dead letter of a refused partial to the dead-letter "
                    + "topic: the task fails and the partial is processed again");
        }
    }

    /**
     * Adds what was counted to the windows in the store. A window already final (only within the allowed lateness
     * can it count anything) gets its update row and its next final revision at once: no later watermark will.
     */
    private void addCounted() {
        boolean updated = false;
        for (Map.Entry<Bytes, Counted> window : counted.entrySet()) {
            Counted more = window.getValue();
            WindowAggregate aggregate = windows.get(window.getKey());
            WindowAggregate next = (aggregate == null ? WindowAggregate.EMPTY : aggregate).plus(more.orders,
                    more.total);
            long start = WindowKeys.start(window.getKey());
            boolean revised = query.finalTopic() != null && closedUpTo != InputClocks.NONE
                    && start + size <= closedUpTo;
            if (revised) {
                // no aggregate: the window had no order when it became final, so no final row was written
                next = next.withRevision(aggregate == null ? 1 : Math.max(aggregate.revision(), 1) + 1);
            }
            windows.put(window.getKey(), next);
            if (revised) {
                String group = WindowKeys.group(window.getKey());
                if (query.updateTopic() != null) {
                    forward(group, start, next, null, WindowOutput.Update::new, more.newest);
                }
                forward(group, start, next, next.revision(), WindowOutput.Final::new, start + size - 1);
                if (next.revision() > 1) {
                    progress().revisedFinal();
                }
            } else if (query.updateTopic() != null) {
                changed.merge(window.getKey(), more.newest, Math::max);
                updated = true;
            }
        }
        counted.clear();
        if (updated) {
            windows.commitSoon();
        }
    }

    /** What a record (or batch) adds to one window. */
    private static final class Counted {
        private long orders;
        private BigDecimal total = BigDecimal.ZERO;
        private long newest = Long.MIN_VALUE;

        void add(Order order, long eventTime) {
            orders++;
            total = total.add(order.amount());
            newest = Math.max(newest, eventTime);
        }

        void add(SlicePartial partial) {
            orders += partial.orders();
            total = total.add(partial.total());
            newest = Math.max(newest, partial.newest());
        }
    }

    /** Makes final every window the query's watermark has reached, and forgets the ones past their retention. */
    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<Order>> trigger) {
        // windows whose end is in (closedUpTo, watermark]: their starts are in (closedUpTo - size, watermark - size]
        long fromStart = closedUpTo == InputClocks.NONE ? Long.MIN_VALUE + 1 : closedUpTo - size + 1;
        long toStart = watermark - size;
        // most advances end no window: then nothing is read (a scan writes the windows kept in memory first)
        boolean windowsEnd = aWindowStartsIn(fromStart, toStart);
        if (query.updateTopic() != null && windowsEnd) {
            writeUpdates();   // a window ends in (closedUpTo, watermark]: its last update goes before its final row
        }
        if (query.finalTopic() != null && windowsEnd) {
            try (KeyValueIterator<Bytes, WindowAggregate> due = windows.range(WindowKeys.first(fromStart),
                    WindowKeys.last(toStart))) {
                while (due.hasNext()) {
                    KeyValue<Bytes, WindowAggregate> window = due.next();
                    long start = WindowKeys.start(window.key);
                    // a window revised already (a watermark restored from before its revisions) keeps its number
                    forward(WindowKeys.group(window.key), start, window.value,
                            query.revises() ? Math.max(1, window.value.revision()) : null,
                            WindowOutput.Final::new, start + size - 1);
                }
            }
        }
        closedUpTo = watermark;
        long expired = watermark - retention;
        if (deletedUpTo == InputClocks.NONE || expired > deletedUpTo) {
            long deleteFrom = deletedUpTo == InputClocks.NONE ? Long.MIN_VALUE + 1 : deletedUpTo + 1;
            if (aWindowStartsIn(deleteFrom, expired)) {
                List<Bytes> gone = new ArrayList<>();
                try (KeyValueIterator<Bytes, WindowAggregate> old = windows.range(WindowKeys.first(deleteFrom),
                        WindowKeys.last(expired))) {
                    old.forEachRemaining(window -> gone.add(window.key));
                }
                gone.forEach(windows::delete);
            }
            deletedUpTo = expired;
        }
    }

    /** Whether a window starts in {@code [from, to]}: windows start at the multiples of the advance. */
    private boolean aWindowStartsIn(long from, long to) {
        return from <= to && Math.floorDiv(to, advance) > Math.floorDiv(from - 1, advance);
    }

    /** The update rows of the windows changed since the last ones (of every open window, the first time). */
    private void writeUpdates() {
        if (!openWindowsWritten) {
            openWindowsWritten = true;
            long firstOpen = closedUpTo == InputClocks.NONE ? Long.MIN_VALUE + 1 : closedUpTo - size + 1;
            try (KeyValueIterator<Bytes, WindowAggregate> open = windows.range(WindowKeys.first(firstOpen), null)) {
                open.forEachRemaining(window -> changed.putIfAbsent(window.key, WindowKeys.start(window.key)));
            }
        }
        for (Map.Entry<Bytes, Long> window : changed.entrySet()) {
            forward(WindowKeys.group(window.getKey()), WindowKeys.start(window.getKey()),
                    windows.get(window.getKey()), null, WindowOutput.Update::new, window.getValue());
        }
        changed.clear();
    }

    @Override
    public void close() {
        if (windows != null) {
            windows.close();
        }
    }

    private void forward(String group, long start, WindowAggregate aggregate, Integer revision,
                         Function<WindowResult, WindowOutput> kind, long timestamp) {
        Instant windowStart = Instant.ofEpochMilli(start);
        Instant windowEnd = Instant.ofEpochMilli(start + size);
        WindowResult result = new WindowResult(windowStart, windowEnd, aggregate.orders(),
                aggregate.total().setScale(2, RoundingMode.UNNECESSARY), revision);
        String key = ResultKeys.window(query.isGrouped() ? group : null, windowStart, windowEnd);
        context().forward(new Record<>(key, kind.apply(result), Math.max(0, timestamp)));
    }

}
