package com.shopstream.common.watermark;

import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.streams.Punctuations;
import com.shopstream.eventtime.BrokerClock;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.QueryLateness;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The operator's side of a repartition: a table of every input partition's clock, learned in-band from the events
 * and reports that cross the repartition topic (a report never overtakes the records it covers, so a task that has
 * it has every record before it). It keeps the table in a changelogged store, passes events on, and sends a
 * {@link Timed.Advance} whenever the query's frontier moves (see {@link InputClocks} for when it may). It also looks
 * on a timer: the frontier can move without a record when an end offset read in the background allows it (an
 * advance over an idle partition that waited for a fresh read, one a restart left waiting), which is why it is a
 * {@link Processor} (its advances from the timer are records of their own) though it changes no key.
 */
final class FrontierTracker<V> implements Processor<String, Timed<V>, String, Timed<V>> {

    private static final Duration PROGRESS_REFRESH = Duration.ofSeconds(1);

    private final Punctuations punctuations = new Punctuations();
    private final FrontierStep step;
    private ProcessorContext<String, Timed<V>> context;
    private InputClocks clocks;
    private ClockStore store;
    private long lastAdvance;
    private InputClocks.EndOffsets ends;
    private BrokerClock brokerClock;
    private long allowance;
    private String taskId;
    private final List<QueryProgress> progress = new ArrayList<>();

    FrontierTracker(FrontierStep step) {
        this.step = step;
    }

    @Override
    public void init(ProcessorContext<String, Timed<V>> context) {
        this.context = context;
        EventTimeRuntime runtime = EventTimeRuntime.from(context.appConfigs());
        ProgressRegistry registry = ProgressRegistry.from(context.appConfigs());
        this.ends = runtime.endOffsets();
        this.brokerClock = runtime.brokerClock();
        this.allowance = runtime.futureBound().allowance().toMillis();
        this.clocks = InputClocks.ofTopics(step.topics(), step.holdBacks());
        this.store = ClockStore.beforeEachCommit(context, step.storeName(), step.holdBacks());
        store.loadInto(clocks);
        this.lastAdvance = clocks.frontier();
        this.taskId = context.taskId().toString();
        progress.clear();   // a revived task re-initializes the same processor
        for (QueryLateness query : step.queries()) {
            progress.add(registry.query(query, step.topics()));
        }
        if (lastAdvance != InputClocks.NONE) {
            progress.forEach(p -> p.frontier(taskId, lastAdvance));
        }
        // what progress shows of each partition also changes without a record (an end offset moved): look again
        punctuations.schedule(context, PROGRESS_REFRESH, PunctuationType.WALL_CLOCK_TIME, now -> publishStates());
        // end offsets read since may let it move while no record comes
        punctuations.schedule(context, runtime.reportInterval(), PunctuationType.WALL_CLOCK_TIME, now -> advance(null));
    }

    /** The input partition a record speaks for, or {@code null} for a partial (stamped with an event time). */
    private static InputPartition sourceOf(Timed<?> value) {
        if (value instanceof Timed.Event<?> event) {
            return event.source();
        } else if (value instanceof Timed.Batch<?> batch) {
            return batch.source();
        } else if (value instanceof Timed.Report<?> report) {
            return report.source();
        }
        return null;
    }

    private void publishStates() {
        Map<InputPartition, InputClocks.PartitionState> states = clocks.states(ends);
        progress.forEach(p -> p.partitionStates(taskId, states));
    }

    @Override
    public void process(Record<String, Timed<V>> record) {
        InputPartition source = sourceOf(record.value());
        if (source != null && brokerClock.logAppendTime(source.topic()).orElse(false)) {
            // a source step stamps events (and batches) with their clock readings, no later than their broker times
            // plus the allowance, and reports with the broker times it read: the brokers' clock has come that far.
            // Only for inputs whose records carry broker times: a CreateTime record's time is its producer's.
            brokerClock.readAtLeast(record.timestamp() - allowance);
        }
        if (record.value() instanceof Timed.Event<V> event) {
            passOn(record, event.source(), event.partitionCount(), event.newestAfter());
        } else if (record.value() instanceof Timed.Batch<V> batch) {
            // its events agree on the partition count, and a clock only grows: the header's newest is what they
            // would have left one by one (and an advance in between would only have closed windows the later ones
            // were refused at the source for: one partition's clock only grows)
            passOn(record, batch.source(), batch.partitionCount(), batch.newestAfter());
        } else if (record.value() instanceof Timed.Partials<V>) {
            // no clock: what its entries could say, the events and reports after them say too
            context.forward(record);
        } else if (record.value() instanceof Timed.Report<V> report) {
            boolean counted = clocks.count(report.source().topic(), report.partitionCount());
            if (counted) {
                store.saveCounts(clocks);
            }
            if (clocks.report(report.source(), report.partitionCount(), report.newest(), report.idle(),
                    report.endOffset()) || counted) {
                store.savePartition(clocks, report.source());
                publishStates();
            }
            advance(record);
        } else {
            throw new IllegalStateException(step.name() + " reads events, batches, partials and reports, not "
                    + record.value());
        }
    }

    /** Learns the clock an event (or a batch) carries, passes it on, and advances the frontier if it moved. */
    private void passOn(Record<String, Timed<V>> record, InputPartition source, int partitionCount,
                        long newestAfter) {
        if (clocks.count(source.topic(), partitionCount)) {
            store.saveCounts(clocks);
        }
        if (clocks.observe(source, newestAfter)) {
            store.savePartition(clocks, source);
        }
        context.forward(record);
        advance(record);
    }

    /** @param trigger the record that may have moved it, {@code null} from the timer */
    private void advance(Record<String, Timed<V>> trigger) {
        long frontier = clocks.advance(ends);
        if (frontier > lastAdvance) {
            lastAdvance = frontier;
            store.saveFrontier(frontier);
            progress.forEach(p -> p.frontier(taskId, frontier));
            Timed.Advance<V> advance = new Timed.Advance<>(frontier);
            // from the timer: the task's stream time, or, before the task has one, the frontier (an event time too)
            long streamTime = context.currentStreamTimeMs();
            context.forward(trigger != null ? trigger.withValue(advance)
                    : new Record<>(SourceClock.NO_KEY, advance, streamTime >= 0 ? streamTime : frontier));
        }
    }

    @Override
    public void close() {
        punctuations.cancelAll();
        if (store != null) {
            store.close();
        }
        if (taskId != null) {
            progress.forEach(p -> p.taskClosed(taskId));
        }
    }
}
