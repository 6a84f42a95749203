package com.shopstream.session.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.ResultKeys;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.streams.CommitInterval;
import com.shopstream.common.streams.PendingUpdateRows;
import com.shopstream.common.watermark.EventTimeOperator;
import com.shopstream.common.watermark.ExpiryQueue;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.writebehind.KeyValueState;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.Refusal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;

/**
 * Spark's {@code session_window(order_ts, gap)} per customer, with the contract's watermark rules. Each order opens
 * {@code [t, t + gap)}; the customer's open sessions whose intervals overlap or touch it merge with it (an order
 * exactly {@code gap} after a session's last order joins it). A merge that changes a session's start tombstones the
 * absorbed session's key on the update topic. A session is final once the watermark reaches {@code last + gap}: it
 * is written to the final topic and (without allowed lateness, below) its state removed, so a later order near it
 * starts a new session, as in Spark
 * (Kafka Streams' own session windows would reopen it, and close it one millisecond later than the contract says).
 *
 * <p>It runs on the query's watermark (the oldest of every orders partition's), and sees the orders in the order of
 * their partitions' clocks ({@code EventTimeOrder}): which sessions merge then depends only on what each partition
 * holds. Orders too late for their own partition never get here (the source step refused them); one that its
 * partition admitted but whose interval the query's watermark had already made final — only possible while its
 * partition was idle — goes to the late topic with the cause {@code idle-partition}.
 *
 * <p>Update rows are coalesced per commit interval, as the contract allows: a session's newest row is written about
 * once per commit interval, just before the task's commit ({@code BeforeCommit#writeBeforeCommit}), and before its
 * final row. A merge's rows are not held: the tombstones of the absorbed sessions and the merged session's row go at once,
 * together, because a tombstone is never written again after a crash, and a table read from the topic should not
 * lose the absorbed sessions without getting the merged one. A task that stops drops the rows it holds (its store
 * has the sessions), so after a start on a store that has sessions, the first rows written are those of every open
 * session: update mode may repeat a row, it never loses the newest one.
 *
 * <p>Without update rows (append mode only) nothing is held and no tombstone written: a session's one row is its final
 * one.
 *
 * <p>With an allowed lateness {@code L} (Flink's, for session windows), an order its own partition admits (until
 * {@code t + gap + L}) merges with the sessions it touches, final or not: a final session stays in the store until the
 * watermark reaches {@code end + gap + L}, when no order that touches it (at most {@code gap} after its last) can be
 * admitted any more. The merged session's final row is the next revision of theirs: at once if
 * its end is behind the watermark, else when the watermark reaches it. A final session it absorbed under another key
 * (the order came before its start) gets a tombstone on the final topic, which is an upsert topic then: what a
 * consumer keeps of each key is the last row.
 */
final class SessionWindowProcessor extends EventTimeOperator<Order, String, SessionChange> {

    private final long gap;
    private final long allowedLateness;
    /**
     * How long after its end a final session is kept: while an order that touches it (at most {@code gap} after its
     * last) may still be admitted, until {@code order_ts + gap + L}; without allowed lateness, not at all (Spark's rule).
     */
    private final long keptAfterEnd;
    private final SessionStores stores;
    private final boolean writesUpdates;
    private KeyValueState<String, List<OpenSession>> sessions;
    /**
     * When the watermark next decides about each open session ({@link #nextLook}), by customer: an entry per session
     * in the store (two of a customer's sessions due at the same time share one), so it is built again from the store
     * at every start and needs no store of its own.
     */
    private final ExpiryQueue<String> ends = new ExpiryQueue<>();
    /** Held rows: the session as it was when its row was last due, built into a record only when written. */
    private final PendingUpdateRows<SessionId, HeldRow> updates = new PendingUpdateRows<>();
    /** Whether every open session's row was written since the start (see the class comment). */
    private boolean storeRowsWritten;

    /**
     * @param allowedLateness how far (ms) past {@code order_ts + gap} an order is still admitted (see the class comment)
     * @param writesUpdates   whether update rows (and the tombstones of merges) are written, or final rows only
     */
    SessionWindowProcessor(QueryLateness query, long gap, long allowedLateness, SessionStores stores,
                           boolean writesUpdates) {
        super(query, Order.class, stores.frontier());
        this.gap = gap;
        this.allowedLateness = allowedLateness;
        this.keptAfterEnd = allowedLateness == 0 ? 0 : gap + allowedLateness;
        this.stores = stores;
        this.writesUpdates = writesUpdates;
    }

    @Override
    protected void open(ProcessorContext<String, SessionChange> context) {
        // Kafka Streams re-initializes the same processor when it revives a corrupted task: forget what was in memory
        this.updates.clear();
        this.ends.clear();
        this.sessions = KeyValueState.of(context, stores.open());
        boolean storeEmpty = true;
        try (KeyValueIterator<String, List<OpenSession>> open = sessions.all()) {
            while (open.hasNext()) {
                var customer = open.next();
                customer.value.forEach(session -> ends.add(nextLook(session), customer.key));
                storeEmpty = false;
            }
        }
        // without update rows there are none a stop could have dropped
        this.storeRowsWritten = !writesUpdates || storeEmpty;
        if (!writesUpdates) {
            return;
        }
        sessions.writeBeforeCommit(context, CommitInterval.of(context), this::writeUpdates);
    }

    @Override
    protected void onEvent(Timed.Event<Order> event, Record<String, Timed<Order>> record) {
        String customer = record.key();
        Order order = event.event();
        long orderTs = order.eventTimeMillis();
        if (refusedAtSource(event, orderTs)) {
            return;   // refused at the source, which sent the late record (the event came on for the streak's sake)
        }
        Refusal refusal = idleRefusal(orderTs);
        if (!refusal.none()) {
            context().forward(record.withKey(Long.toString(order.orderId()))
                    .withValue((SessionChange) new SessionChange.Late(order))
                    .withHeaders(lateHeaders(record.headers(), event, orderTs, refusal)));
            return;
        }
        long customerId = Long.parseLong(customer);
        List<OpenSession> open = sessions.get(customer);
        OpenSession merged = OpenSession.of(orderTs, order.amount());
        List<OpenSession> kept = new ArrayList<>(open == null ? 1 : open.size() + 1);
        List<OpenSession> absorbed = new ArrayList<>(open == null ? 0 : open.size());
        for (OpenSession session : open == null ? List.<OpenSession>of() : open) {
            if (session.takes(orderTs, gap)) {
                merged = merged.merge(session);
                absorbed.add(session);
            } else {
                kept.add(session);
            }
        }
        boolean revisesAFinal = false;
        for (OpenSession session : absorbed) {
            if (session.revision() > 0) {
                revisesAFinal = true;
                if (session.finalUnderKey() && session.first() != merged.first()) {
                    // its key is no session any more: a consumer of the final topic drops it
                    context().forward(record.withKey(key(customerId, session)).withValue(SessionChange.closed(null)));
                }
            }
        }
        // only within the allowed lateness can a session be final as it forms (its end behind the watermark)
        boolean finalNow = allowedLateness > 0 && watermark() != InputClocks.NONE && merged.end(gap) <= watermark();
        if (finalNow) {
            merged = merged.finalised();
        }
        kept.add(merged);
        kept.sort(Comparator.comparingLong(OpenSession::first));
        sessions.put(customer, kept);
        requeue(customer, merged, absorbed, kept);
        if (writesUpdates) {
            writeOrHold(record, customerId, merged, absorbed);
        }
        if (finalNow) {
            if (!storeRowsWritten) {
                writeUpdates();   // the rows a stop may have dropped go before the first final row
            }
            updates.take(new SessionId(customerId, merged.first()))
                    .ifPresent(held -> context().forward(updateRow(held)));   // its last update first
            context().forward(record.withKey(key(customerId, merged))
                    .withValue(SessionChange.closed(finalResult(customerId, merged))));
            countRevision(merged);
        }
    }

    /**
     * The absorbed sessions' entries go and the merged one's comes, so a session that grew is looked at when its end
     * is reached, not an end it had before. Entries are by time and customer: another of the customer's sessions due
     * when an absorbed one was shared its entry, which goes back. The others' entries stay as they are (adding each
     * again on every order cost a lookup in the queue per session).
     */
    private void requeue(String customer, OpenSession merged, List<OpenSession> absorbed, List<OpenSession> kept) {
        long mergedLook = nextLook(merged);
        boolean removed = false;
        for (OpenSession session : absorbed) {
            long look = nextLook(session);
            if (look != mergedLook) {
                ends.remove(look, customer);
                removed = true;
            }
        }
        ends.add(mergedLook, customer);   // nothing if an absorbed session had the same look
        if (removed && kept.size() > 1) {
            for (OpenSession session : kept) {
                long look = nextLook(session);
                if (look != mergedLook && absorbed.stream().anyMatch(gone -> nextLook(gone) == look)) {
                    ends.add(look, customer);
                }
            }
        }
    }

    /** How many times the watermark is to look at a customer's sessions (for tests: one per open session). */
    int looksScheduled() {
        return ends.size();
    }

    /** When the watermark next decides about a session: at its end it is final, {@link #keptAfterEnd} later it goes. */
    private long nextLook(OpenSession session) {
        return session.finalWritten() ? session.end(gap) + keptAfterEnd : session.end(gap);
    }

    /** The update rows of a change: a merge's at once, tombstones first; else the session's row, held. */
    private void writeOrHold(Record<String, Timed<Order>> record, long customerId, OpenSession merged,
                             List<OpenSession> absorbed) {
        boolean tombstoned = false;
        for (OpenSession session : absorbed) {
            if (session.first() != merged.first()) {
                updates.take(new SessionId(customerId, session.first()));
                context().forward(record.withKey(key(customerId, session)).withValue(SessionChange.tombstone()));
                tombstoned = true;
            }
        }
        HeldRow row = new HeldRow(record, customerId, merged);
        if (tombstoned) {
            updates.take(row.id());
            context().forward(updateRow(row));
        } else {
            // built into a row when written: one replaced before that (the customer's next order) costs no key
            // text, result or record
            updates.hold(row.id(), row);
        }
    }

    /** Writes and forgets every session whose end the watermark has reached. */
    @Override
    protected void onWatermark(long previous, long watermark, Record<String, Timed<Order>> trigger) {
        for (ExpiryQueue.Entry<String> due = ends.pollUpTo(watermark); due != null; due = ends.pollUpTo(watermark)) {
            String customer = due.key();
            long customerId = Long.parseLong(customer);
            List<OpenSession> open = sessions.get(customer);
            if (open == null) {
                continue;   // the customer's other entry in this pass: the first one closed every session due
            }
            List<OpenSession> stillOpen = new ArrayList<>();
            boolean changed = false;
            for (OpenSession session : open) {
                boolean madeFinal = false;
                if (!session.finalWritten() && session.end(gap) <= watermark) {
                    if (!storeRowsWritten) {
                        writeUpdates();   // the rows a stop may have dropped go before the first final row
                    }
                    updates.take(new SessionId(customerId, session.first()))
                            .ifPresent(held -> context().forward(updateRow(held)));   // its last update first
                    session = session.finalised();
                    context().forward(trigger.withKey(key(customerId, session))
                            .withValue(SessionChange.closed(finalResult(customerId, session))));
                    countRevision(session);
                    changed = true;
                    madeFinal = true;
                }
                if (session.finalWritten() && session.end(gap) + keptAfterEnd <= watermark) {
                    changed = true;   // no order its partition admits can touch it any more (at once without lateness)
                } else {
                    stillOpen.add(session);
                    if (madeFinal) {
                        ends.add(nextLook(session), customer);   // looked at again after the allowed lateness
                    }
                    // the others' entries are queued as they are: later than the watermark, so not the one taken
                }
            }
            if (stillOpen.isEmpty()) {
                sessions.delete(customer);
            } else if (changed) {
                sessions.put(customer, stillOpen);
            }
        }
    }

    /** Writes the held rows (and, the first time after a start, those of every other open session). */
    private void writeUpdates() {
        if (!storeRowsWritten) {
            storeRowsWritten = true;
            try (KeyValueIterator<String, List<OpenSession>> open = sessions.all()) {
                open.forEachRemaining(customer -> {
                    long customerId = Long.parseLong(customer.key);
                    customer.value.forEach(session -> {
                        if (!updates.holds(new SessionId(customerId, session.first()))) {
                            context().forward(new Record<>(key(customerId, session),
                                    SessionChange.update(result(customerId, session)), Math.max(0, session.last())));
                        }
                    });
                });
            }
        }
        updates.writeAll(held -> context().forward(updateRow(held)));
    }

    /** The update row of a held session, with the time and headers of the order that made it. */
    private Record<String, SessionChange> updateRow(HeldRow held) {
        return held.trigger().withKey(key(held.customer(), held.session()))
                .withValue(SessionChange.update(result(held.customer(), held.session())));
    }

    @Override
    public void close() {
        if (sessions != null) {
            sessions.close();
        }
    }

    /** The name of the processor's store, and of the tracker's store that keeps the frontier it had reached. */
    record SessionStores(String open, String frontier) {
    }

    /** A session's row key, as numbers: its customer and its start. */
    private record SessionId(long customer, long first) {
    }

    /**
     * A session whose update row is due, and the order that made it so: the row gets that record's time and headers.
     * The record itself is held, not a copy; nothing changes a record's headers after its {@code process} (each
     * {@code Record} made from it copies them), which a processor added on this stream must keep so.
     */
    private record HeldRow(Record<String, Timed<Order>> trigger, long customer, OpenSession session) {
        SessionId id() {
            return new SessionId(customer, session.first());
        }
    }

    private static String key(long customer, OpenSession session) {
        return ResultKeys.session(customer, Instant.ofEpochMilli(session.first()));
    }

    private SessionResult result(long customer, OpenSession session) {
        return row(customer, session, null);
    }

    private void countRevision(OpenSession written) {
        if (allowedLateness > 0 && written.revision() > 1) {
            progress().revisedFinal();
        }
    }

    /** A final row: with its revision when sessions have an allowed lateness, as before without one. */
    private SessionResult finalResult(long customer, OpenSession session) {
        return row(customer, session, allowedLateness > 0 ? session.revision() : null);
    }

    private SessionResult row(long customer, OpenSession session, Integer revision) {
        return new SessionResult(customer, Instant.ofEpochMilli(session.first()),
                Instant.ofEpochMilli(session.end(gap)), session.orders(),
                session.total().setScale(2, RoundingMode.UNNECESSARY), revision);
    }
}
