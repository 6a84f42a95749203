package com.shopstream.common.watermark;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.Refusal;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;

/**
 * The operator of one query, behind its source step and frontier tracker: the one place where an operator's
 * watermark is kept, moved and restored, where the records of the event-time steps are taken apart, and where the
 * one late decision an operator makes itself is made. A service's processor extends it and holds only its own logic:
 * what an event does to its state ({@link #onEvent}), what a new watermark makes final ({@link #onWatermark}).
 *
 * <p>The watermark is the query's: its frontier (the oldest newest event time over every input partition, from the
 * {@link Timed.Advance}s of the frontier tracker) minus the query's delay. It only goes up, and it has moved when
 * {@link #onWatermark} is called. An operator whose output must not repeat when it fails part-way through (its
 * record dead-lettered) keeps its own mark of what it has written, as the windows do. A restarted task starts from
 * the frontier the tracker had persisted, so what was final before a crash stays final.
 *
 * <p>The late decision here (the source step makes every other one): an event its own partition admitted, but that
 * this query's watermark had already made final. That happens only while the event's partition was idle and the
 * others moved the watermark on. {@link #idleRefusal} applies the query's rule to it against this watermark, and
 * {@link #lateHeaders} counts the refusal and says why on the late record ({@code idle-partition}). An operator whose
 * source step leaves an input's lateness to it ({@link SourceStep#judgedByOperator()}) also makes the source's
 * decision for that input, with {@link #partitionRefusal} and {@link #partitionLateHeaders}.
 *
 * @param <V>    the events of the query
 * @param <KOut> the operator's output keys
 * @param <VOut> the operator's output values
 */
public abstract class EventTimeOperator<V extends ShopEvent, KOut, VOut>
        implements Processor<String, Timed<V>, KOut, VOut> {

    private final QueryLateness query;
    private final Class<V> eventType;
    private final String frontierStore;
    private ProcessorContext<KOut, VOut> context;
    private IdleLateness idle;
    private long watermark = InputClocks.NONE;

    /**
     * @param lateness      the query: its name, delay and late rule
     * @param eventType     what the batches of the repartition carry
     * @param frontierStore the frontier tracker's store, where the watermark is restored from; {@code null}: the
     *                      operator starts from no watermark (what it keeps is not made final by it)
     */
    protected EventTimeOperator(QueryLateness lateness, Class<V> eventType, String frontierStore) {
        this.query = lateness;
        this.eventType = eventType;
        this.frontierStore = frontierStore;
    }

    @Override
    public final void init(ProcessorContext<KOut, VOut> context) {
        // Kafka Streams re-initializes the same processor when it revives a corrupted task: start again from the store
        this.context = context;
        this.idle = IdleLateness.of(context, query);
        this.watermark = frontierStore == null ? InputClocks.NONE
                : query.watermark(EventTimeSteps.persistedFrontier(context.getStateStore(frontierStore),
                        query.holdBacks(query.inputDelays().keySet())));
        open(context);
    }

    @Override
    public final void process(Record<String, Timed<V>> record) {
        Timed<V> value = record.value();
        if (value instanceof Timed.Event<V> event) {
            onEvent(event, record);
            afterEvents();
        } else if (value instanceof Timed.Batch<V> batch) {
            // the events are judged one by one, as if each had come in a record of its own
            for (EventBatches.Entry<V> entry : EventBatches.entries(batch, eventType)) {
                onEvent(entry.event(), entry.record());
            }
            afterEvents();
        } else if (value instanceof Timed.Partials<V> partials) {
            onPartials(partials);
            afterEvents();
        } else if (value instanceof Timed.Advance<V> advance) {
            long next = query.watermark(advance.frontier());
            if (next > watermark) {
                long previous = watermark;
                watermark = next;
                onWatermark(previous, next, record);
            }
        }
    }

    /** The operator's context, set in {@link #init}. */
    protected final ProcessorContext<KOut, VOut> context() {
        return context;
    }

    /** The query this operator runs: its name, delay and late rule. */
    protected final QueryLateness lateness() {
        return query;
    }

    /** The query's progress, for the operator's own figures (duplicates dropped). */
    protected final QueryProgress progress() {
        return idle.progress();
    }

    /** The query's watermark ({@link InputClocks#NONE} before any); during {@link #onWatermark}, the new one. */
    protected final long watermark() {
        return watermark;
    }

    /**
     * What the query's rule refuses of an event at {@code eventTime} against this operator's watermark: on time
     * ({@link Refusal#none()}) unless the event's partition was idle while the watermark moved past it.
     */
    protected final Refusal idleRefusal(long eventTime) {
        return query.rule().refusal(eventTime, watermark);
    }

    /**
     * Whether the source step refused the event (it sent the late record itself): the rule against its partition's
     * watermark just before it, as the source judged it. Only an operator that is sent refused events too needs it.
     */
    protected final boolean refusedAtSource(Timed.Event<V> event, long eventTime) {
        return !partitionRefusal(event, eventTime).none();
    }

    /**
     * For an input whose lateness this operator judges itself ({@link SourceStep#judgedByOperator()}): what the
     * query's rule refuses of the event against its partition's watermark just before it — the source step's decision
     * for every other input.
     */
    protected final Refusal partitionRefusal(Timed.Event<V> event, long eventTime) {
        return query.rule().refusal(eventTime, partitionWatermark(event));
    }

    /** Counts a {@link #partitionRefusal} and gives the late record's headers ({@code partition-watermark}). */
    protected final Headers partitionLateHeaders(Headers own, Timed.Event<V> event, long eventTime, Refusal refusal) {
        return idle.refused(own, event.source(), partitionWatermark(event), eventTime, refusal,
                LateCause.PARTITION_WATERMARK);
    }

    /** The watermark of the event's partition just before it, with its input's delay. */
    protected final long partitionWatermark(Timed.Event<V> event) {
        return query.partitionWatermark(event.source().topic(), event.newestBefore());
    }

    /** Counts a refusal of this operator and gives the late record's headers ({@code idle-partition}). */
    protected final Headers lateHeaders(Headers own, Timed.Event<V> event, long eventTime, Refusal refusal) {
        return lateHeaders(own, event, eventTime, refusal, watermark);
    }

    /** The same, for an operator that refused the event against its own mark of what is final. */
    protected final Headers lateHeaders(Headers own, Timed.Event<V> event, long eventTime, Refusal refusal,
                                        long finalUpTo) {
        return idle.refused(own, event.source(), finalUpTo, eventTime, refusal);
    }

    /** The operator's own setup, after the watermark is restored: its stores, punctuations, what it keeps. */
    protected abstract void open(ProcessorContext<KOut, VOut> context);

    /**
     * One event the source step admitted, and the record it came in (for one from a batch, the record it would have
     * come in without the batch): what it writes takes that record's key, timestamp and headers.
     */
    protected abstract void onEvent(Timed.Event<V> event, Record<String, Timed<V>> record);

    /** After the events of one record (one, or a batch's): what an operator gathers per record, it writes now. */
    protected void afterEvents() {
    }

    /** A combining step's partials; only operators behind one get them. */
    protected void onPartials(Timed.Partials<V> partials) {
        throw new IllegalStateException(query.query() + " has no combining step, and got partials from "
                + partials.source());
    }

    /**
     * The watermark moved from {@code previous} ({@link InputClocks#NONE} at first) to {@code next}: make final what
     * it now may, drop what no on-time record can change any more.
     *
     * @param trigger the record that moved it, for the timestamp and headers of what is written now
     */
    protected abstract void onWatermark(long previous, long next, Record<String, Timed<V>> trigger);
}
