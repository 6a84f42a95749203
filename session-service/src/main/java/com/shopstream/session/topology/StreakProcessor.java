package com.shopstream.session.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.streams.CommitInterval;
import com.shopstream.common.streams.PendingUpdateRows;
import com.shopstream.common.streams.Punctuations;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.ExpiryQueue;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.writebehind.KeyValueState;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.QueryLateness;
import java.math.BigDecimal;
import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * Per-key state with a timeout (Spark's {@code flatMapGroupsWithState}): the number of consecutive orders of at least
 * {@code threshold} per customer, in arrival order; a smaller order resets it to 0. When the customer has been quiet
 * for {@code timeout}, the final value goes out with {@code timed_out: true} and the state is deleted, so every key
 * has a way out. Quiet is measured by the watermark (default) or by the wall clock.
 *
 * <p>Every order changes the value; the rows are coalesced per commit interval, as the contract allows: a customer's
 * newest value is written about once per commit interval, just before the task's commit (at each tick while a
 * commit lasts: {@code CommitPhase}), and before its timed-out row. A task that stops drops the rows it holds (its store has the values), so after a start on a store that has
 * streaks, the first rows written are every customer's.
 *
 * <p>Event-time timeouts are checked whenever the query's watermark (the oldest of every orders partition's) moves,
 * the way a Spark micro-batch times out state once its watermark is known; orders come in the order of their
 * partitions' clocks ({@code EventTimeOrder}), so a customer times out before an order its partitions' watermarks
 * had already put after the timeout, whatever the read speed. Wall-clock timeouts run on wall-clock punctuation.
 *
 * <p>When a customer times out follows from their state (their newest order time or last arrival, by the clock in
 * use, plus the timeout), so the customers are ordered by it in memory only ({@link ExpiryQueue}, an entry per
 * customer, moved by each of their orders), rebuilt from the store at every start.
 */
final class StreakProcessor extends EventTimeOperator<Order, String, StreakUpdate> {

    private final Punctuations punctuations = new Punctuations();
    private final BigDecimal threshold;
    private final long timeout;
    private final StreakClock clock;
    private final Duration checkInterval;
    private final String stateStore;
    private KeyValueState<String, StreakState> streaks;
    private final ExpiryQueue<String> expiries = new ExpiryQueue<>();
    private final PendingUpdateRows<String, Record<String, StreakUpdate>> updates = new PendingUpdateRows<>();
    /** Whether every customer's row was written since the start (see the class comment). */
    private boolean storeRowsWritten;

    StreakProcessor(QueryLateness query, BigDecimal threshold, Duration timeout, StreakClock clock,
                    Duration checkInterval, String stateStore, String frontierStore) {
        super(query, Order.class, frontierStore);
        this.threshold = threshold;
        this.timeout = timeout.toMillis();
        this.clock = clock;
        this.checkInterval = checkInterval;
        this.stateStore = stateStore;
    }

    @Override
    protected void open(ProcessorContext<String, StreakUpdate> context) {
        // Kafka Streams re-initializes the same processor when it revives a corrupted task: forget what was in memory
        this.updates.clear();
        this.expiries.clear();
        this.streaks = KeyValueState.of(context, stateStore);
        if (clock == StreakClock.WALL_CLOCK) {
            punctuations.schedule(context, checkInterval, PunctuationType.WALL_CLOCK_TIME, now -> timeOut(now, now));
        }
        boolean storeEmpty = true;
        try (KeyValueIterator<String, StreakState> all = streaks.all()) {
            while (all.hasNext()) {
                var customer = all.next();
                expiries.add(expiresAt(customer.value), customer.key);
                storeEmpty = false;
            }
        }
        this.storeRowsWritten = storeEmpty;
        streaks.writeBeforeCommit(context, CommitInterval.of(context), this::writeUpdates);
    }

    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<Order>> trigger) {
        if (clock == StreakClock.EVENT_TIME) {
            timeOut(watermark, trigger.timestamp());
        }
    }

    @Override
    protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        Order order = event.event();
        StreakState before = streaks.get(record.key());
        long streak = order.amount().compareTo(threshold) >= 0 ? (before == null ? 0 : before.streak()) + 1 : 0;
        StreakState after = new StreakState(streak,
                Math.max(before == null ? Long.MIN_VALUE : before.lastEventTime(), order.eventTimeMillis()),
                context().currentSystemTimeMs());
        streaks.put(record.key(), after);
        if (before != null) {
            expiries.remove(expiresAt(before), record.key());
        }
        expiries.add(expiresAt(after), record.key());
        updates.hold(record.key(), record.withValue(new StreakUpdate(Long.parseLong(record.key()), streak, false)));
    }

    /** Times out every customer whose expiry {@code now} has passed. */
    private void timeOut(long now, long timestamp) {
        if (now == InputClocks.NONE) {
            return;
        }
        // in the order of their timeouts (then of their keys), one at a time: should one fail, the others stay queued
        for (ExpiryQueue.Entry<String> quiet = expiries.pollUpTo(now - 1); quiet != null;
             quiet = expiries.pollUpTo(now - 1)) {
            String customer = quiet.key();
            StreakState state = streaks.get(customer);
            if (state == null) {
                continue;   // not expected: an entry is moved with its customer's state and goes with it
            }
            if (!storeRowsWritten) {
                writeUpdates();   // the rows a stop may have dropped go before the first timed-out row
            }
            streaks.delete(customer);
            updates.take(customer).ifPresent(context()::forward);   // its last value first
            context().forward(new Record<>(customer, new StreakUpdate(Long.parseLong(customer), state.streak(), true),
                    Math.max(0, timestamp)));
        }
    }

    /** Writes the held rows (and, the first time after a start, every other customer's). */
    private void writeUpdates() {
        if (!storeRowsWritten) {
            storeRowsWritten = true;
            try (KeyValueIterator<String, StreakState> all = streaks.all()) {
                all.forEachRemaining(customer -> {
                    if (!updates.holds(customer.key)) {
                        context().forward(new Record<>(customer.key,
                                new StreakUpdate(Long.parseLong(customer.key), customer.value.streak(), false),
                                Math.max(0, customer.value.lastEventTime())));
                    }
                });
            }
        }
        updates.writeAll(context()::forward);
    }

    /** How many customers have a timeout scheduled (for tests: one per customer with a streak). */
    int timeoutsScheduled() {
        return expiries.size();
    }

    private long expiresAt(StreakState state) {
        return (clock == StreakClock.EVENT_TIME ? state.lastEventTime() : state.lastArrival()) + timeout;
    }

    @Override
    public void close() {
        punctuations.cancelAll();
        if (streaks != null) {
            streaks.close();
        }
    }
}
