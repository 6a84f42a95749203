package com.shopstream.common.watermark;

import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.json.EventReader;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.streams.Punctuations;
import com.shopstream.common.time.BrokerTimeExtractor;
import com.shopstream.eventtime.BrokerClock;
import com.shopstream.eventtime.FutureBound;
import com.shopstream.eventtime.IdleDetector;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.OutOfOrderWindow;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.Refusal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.apache.kafka.common.utils.Utils;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The source step of a query's inputs, before any repartition: it keeps the clock of each input partition it reads
 * (persisted), and decides there, once, what is too late — each record against its own partition's watermark just
 * before it, for every query the step serves. Refused records go out as {@link Timed.Late} (one per refusing query,
 * headers saying why); admitted ones as {@link Timed.Event} with the partition's clock before and after them. The
 * records of the topics in {@link SourceStep#judgedByOperator()} all go on as events, unjudged: the operator judges
 * them against the same watermark, and writes and counts the late ones.
 *
 * <p>In {@link SourceStep.Mode#REPORTS} mode, every report interval it sends a {@link Timed.Report} per partition
 * it reads when something changed (its clock, idle or not, its topic's partition count): the operator behind the
 * repartition learns every partition's clock from them. An idle declaration carries the partition's end offset, so
 * that a record written after it — read or not — ends it downstream without a word from this reader. In {@link SourceStep.Mode#LOCAL} mode the operator is in
 * this task, and the step sends {@link Timed.Advance}s of the frontier over this task's own partitions.
 *
 * <p>The record's timestamp is its broker time (the inputs are read with {@link BrokerTimeExtractor}); its event time
 * is the payload's. {@link FutureBound} decides, against the broker time, whether the record is too far ahead to be
 * read and how far it may move its partition's clock; what the step sends on is stamped with that clock reading.
 */
final class SourceClock<V extends ShopEvent> implements Processor<String, V, String, Timed<V>> {

    private static final Logger log = LoggerFactory.getLogger(SourceClock.class);

    /** The key of reports and advances: they are for every key. */
    static final String NO_KEY = "";

    private final Punctuations punctuations = new Punctuations();
    private final SourceStep step;
    private BrokerClock brokerClock;
    private static final long OFFSET_SAMPLE_EVERY_NANOS = 100_000_000;
    private long lastOffsetSample = System.nanoTime() - OFFSET_SAMPLE_EVERY_NANOS;
    private ProcessorContext<String, Timed<V>> context;
    private ClockStore store;
    private InputClocks clocks;
    private IdleDetector idle;
    private EventTimeRuntime runtime;
    private ProgressRegistry registry;
    private final List<QueryProgress> progress = new ArrayList<>();
    /** Per own partition: how far behind its newest event time each record came (for the delay advice). */
    private final Map<InputPartition, OutOfOrderWindow> outOfOrder = new HashMap<>();
    private final Map<InputPartition, Timed.Report<V>> lastReports = new HashMap<>();
    private final List<InputPartition> own = new ArrayList<>();
    private long lastAdvance = InputClocks.NONE;
    private RecordMetadata lastMetadata;
    private InputPartition lastPartition;

    SourceClock(SourceStep step) {
        this.step = step;
    }

    @Override
    public void init(ProcessorContext<String, Timed<V>> context) {
        this.context = context;
        this.registry = ProgressRegistry.from(context.appConfigs());
        this.runtime = EventTimeRuntime.from(context.appConfigs());
        this.brokerClock = runtime.brokerClock();
        // a revived task re-initializes the same processor: nothing of the last life stays in memory
        progress.clear();
        own.clear();
        lastReports.clear();
        lastMetadata = null;
        for (QueryLateness query : step.queries()) {
            progress.add(registry.query(query, step.topics()));
        }
        int partition = context.taskId().partition();
        for (String topic : step.topics()) {
            own.add(new InputPartition(topic, partition));
        }
        outOfOrder.clear();
        for (InputPartition input : own) {
            outOfOrder.put(input, registry.outOfOrder(step.name(), input, progress));
        }
        this.clocks = InputClocks.ofPartitions(own, step.holdBacks());
        this.store = ClockStore.beforeEachCommit(context, step.storeName(), step.holdBacks());
        store.loadInto(clocks);
        // a reader that starts again has not looked at its partitions yet: none of them is idle
        own.forEach(p -> clocks.idle(p, false));
        this.lastAdvance = clocks.frontier();
        // the wall clock is not read here: Kafka Streams has no time for a processor before it first runs
        this.idle = new IdleDetector(runtime.idleTimeout().toMillis());
        publishClocks();
        Duration interval = runtime.reportInterval();
        punctuations.schedule(context, interval, PunctuationType.WALL_CLOCK_TIME, this::punctuate);
    }

    @Override
    public void process(Record<String, V> record) {
        InputPartition partition = partitionOf();
        OptionalInt count = runtime.partitionCounts().count(partition.topic());
        checkPlacement(record.key(), partition, count);
        long before = clocks.newest(partition);
        V value = record.value();
        long eventTime = value.eventTimeMillis();
        long brokerTime = record.timestamp();
        FutureBound future = runtime.futureBound();
        if (future.refuses(eventTime, brokerTime)) {
            // the record's own fault: the processing handler dead-letters it with this reason, on any replay alike
            throw new InvalidEventException(EventReader.timeField(value), EventReader.timeField(value) + " "
                    + future.refusal(eventTime, brokerTime));
        }
        long monotonic = System.nanoTime();
        if (monotonic - lastOffsetSample >= OFFSET_SAMPLE_EVERY_NANOS) {
            // a few samples a second are plenty to tell the pod's clock offset, and the lag's lookup is not free; paced
            // on the monotonic clock, which a wall clock set back by a day does not stop
            lastOffsetSample = monotonic;
            if (brokerClock.caughtUp(partition.topic(), runtime.lag().lag(partition))) {
                brokerClock.sampleOffset(brokerTime);
            }
        }
        // an observation for the operator, never a decision: the wall clock only says which hour it counts in
        outOfOrder.get(partition).record(before == InputClocks.NONE ? 0 : before - eventTime,
                context.currentSystemTimeMs());
        // the clock moves no further than the broker time allows, and what the record leads to is stamped alike
        long reading = future.clockReading(eventTime, brokerTime);
        // the operator judges these itself (and counts and writes the late ones): they all go on
        boolean judgedByOperator = step.judgedByOperator().contains(partition.topic());
        boolean admitted = judgedByOperator;
        for (int i = 0; i < step.queries().size(); i++) {
            QueryLateness query = step.queries().get(i);
            QueryProgress queryProgress = progress.get(i);
            queryProgress.input(eventTime);
            if (judgedByOperator) {
                continue;
            }
            long watermark = query.partitionWatermark(partition.topic(), before);
            Refusal refusal = query.rule().refusal(eventTime, watermark);
            if (refusal.none()) {
                admitted = true;
                continue;
            }
            context.forward(record.withValue((Timed<V>) new Timed.Late<>(value)).withTimestamp(reading)
                    .withHeaders(LateRecordHeaders.of(record.headers(), query.query(), partition, watermark,
                            eventTime, refusal, LateCause.PARTITION_WATERMARK)));
            if (refusal.partial()) {
                admitted = true;
                queryProgress.partlyLate(refusal.count());
            } else {
                queryProgress.late(LateCause.PARTITION_WATERMARK, refusal.count());
            }
        }
        idle.read(partition, context.currentSystemTimeMs());
        boolean moved = clocks.observe(partition, reading);
        if (moved) {
            store.savePartition(clocks, partition);
            publishClock(partition);
        }
        if (admitted) {
            context.forward(record.withValue(new Timed.Event<>(value, partition, count.orElse(0), before,
                    clocks.newest(partition))).withTimestamp(reading));
        }
        if (moved && step.mode() == SourceStep.Mode.LOCAL) {
            advance(reading);
        }
    }

    /**
     * Counts (and names once per partition, in the log) a record that Kafka's default partitioner would have put in
     * another partition. Nothing here depends on it — the queries that need records of one key together re-partition
     * by it themselves — but a user of the topic with another consumer should know.
     */
    private void checkPlacement(String key, InputPartition partition, OptionalInt count) {
        if (key == null || step.placedBySource().contains(partition.topic())) {
            return;
        }
        if (count.isEmpty()) {
            return;
        }
        int expected = Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % count.getAsInt();
        if (expected != partition.partition() && registry.misplaced(partition)) {
            log.warn("{} holds records that Kafka's default partitioner puts elsewhere (key {} belongs in partition "
                    + "{}): its producer uses another partitioner. Shopstream's results stay right (the queries that "
                    + "need a key's records together re-partition by it), but set the producer to murmur2 — for "
                    + "librdkafka clients (Python, Go, .NET, kcat) partitioner=murmur2_random — so that every "
                    + "consumer of {} finds a key where Kafka would put it. Counted in shopstream.input.misplaced.",
                    partition, key, expected, partition.topic());
        }
    }

    private void punctuate(long now) {
        for (InputPartition partition : own) {
            OptionalInt count = runtime.partitionCounts().count(partition.topic());
            if (count.isPresent() && partition.partition() >= count.getAsInt()) {
                continue;   // this task's number is past the topic's partitions: it reads nothing of it
            }
            boolean isIdle = idle.idle(partition, now, runtime.lag().lag(partition));
            OptionalLong end = runtime.endOffsets().endOffset(partition);
            if (step.mode() == SourceStep.Mode.LOCAL) {
                if (clocks.idle(partition, isIdle)) {
                    store.savePartition(clocks, partition);
                    publishClock(partition);
                }
            } else {
                // idle only with the end offset it was read to: a later record makes it hold again downstream
                report(partition, count.orElse(0), isIdle && end.isPresent(), end.orElse(-1));
            }
        }
        if (step.mode() == SourceStep.Mode.LOCAL) {
            advance(Math.max(0, context.currentStreamTimeMs()));
        }
    }

    private void report(InputPartition partition, int count, boolean isIdle, long endOffset) {
        long newest = clocks.newest(partition);
        long idleEnd = isIdle ? endOffset : -1;
        Timed.Report<V> last = lastReports.get(partition);
        boolean due = last == null || last.newest() != newest || last.idle() != isIdle
                || last.partitionCount() != count || last.endOffset() != idleEnd;
        if (!due) {
            return;
        }
        Timed.Report<V> report = new Timed.Report<>(partition, count, newest, isIdle, idleEnd);
        lastReports.put(partition, report);
        if (clocks.idle(partition, isIdle)) {
            publishClock(partition);
        }
        context.forward(new Record<>(NO_KEY, report, Math.max(0, context.currentStreamTimeMs())));
    }

    private void advance(long timestamp) {
        long frontier = clocks.advance(InputClocks.EndOffsets.NOT_NEEDED);
        if (frontier > lastAdvance) {
            lastAdvance = frontier;
            store.saveFrontier(frontier);
            progress.forEach(p -> p.frontier(context.taskId().toString(), frontier));
            context.forward(new Record<>(NO_KEY, new Timed.Advance<>(frontier), Math.max(0, timestamp)));
        }
    }

    private void publishClocks() {
        own.forEach(this::publishClock);
        if (step.mode() == SourceStep.Mode.LOCAL && lastAdvance != InputClocks.NONE) {
            progress.forEach(p -> p.frontier(context.taskId().toString(), lastAdvance));
        }
    }

    private void publishClock(InputPartition partition) {
        InputClocks.Entry entry = clocks.entry(partition);
        progress.forEach(p -> p.partitionClock(partition, entry.newest(), entry.idle()));
    }

    @Override
    public void close() {
        punctuations.cancelAll();
        if (store != null) {
            store.close();
        }
        String task = context == null ? null : context.taskId().toString();
        progress.forEach(p -> {
            own.forEach(p::partitionClosed);
            if (task != null) {
                p.taskClosed(task);
            }
        });
    }

    private InputPartition ownOr(InputPartition partition) {
        for (InputPartition mine : own) {
            if (mine.equals(partition)) {
                return mine;
            }
        }
        return partition;
    }

    private InputPartition partitionOf() {
        RecordMetadata metadata = context.recordMetadata().orElseThrow(() -> new IllegalStateException(
                "the source step " + step.name() + " needs records that come from a topic"));
        // one or two partitions per task: reuse the task's own instance instead of building a key per record, so
        // that every map lookup by it finds its key by identity
        if (lastMetadata == null || metadata.partition() != lastPartition.partition()
                || !metadata.topic().equals(lastPartition.topic())) {
            lastPartition = ownOr(new InputPartition(metadata.topic(), metadata.partition()));
        }
        lastMetadata = metadata;
        return lastPartition;
    }
}
