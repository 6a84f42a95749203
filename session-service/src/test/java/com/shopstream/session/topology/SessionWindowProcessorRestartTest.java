package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.testing.CommitTicks;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.SessionLateness;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The session processor alone, started on a store that already holds open sessions (a restart): update rows are
 * held in memory until the commit interval has passed, so a crash after a commit can lose the rows of that commit's
 * changes; the first rows after the start are therefore those of every open session.
 */
class SessionWindowProcessorRestartTest {

    private static final Duration GAP = Duration.ofMinutes(3);
    private static final Instant TEN = Instant.parse("2026-01-22T10:00:00Z");

    private MockProcessorContext<String, SessionChange> context;
    private KeyValueStore<String, List<OpenSession>> open;
    private SessionWindowProcessor processor;

    /** A processor on a sessions store and an empty frontier store (the frontier never moved: nothing is final). */
    @BeforeEach
    void start() {
        context = new MockProcessorContext<>(TestStreams.forDriver("session-service").properties());
        context.setCurrentSystemTimeMs(0);   // Kafka Streams sets it before a task processes or commits
        open = MockStores.writtenBeforeCommit(context, "open", Serdes.String(), new OpenSessionsSerde());
        MockStores.keyValue(context, "frontier", Serdes.String(), Serdes.ByteArray());
        QueryLateness query = new QueryLateness("customer-sessions", Duration.ofMinutes(3), new SessionLateness(GAP));
        processor = new SessionWindowProcessor(query, GAP.toMillis(), 0,
                new SessionWindowProcessor.SessionStores("open", "frontier"), true);
    }

    @Test
    void theFirstUpdateRowsAfterAStartAreThoseOfEveryOpenSession() {
        // counted before the restart; their rows were lost with the crash
        open.put("1", List.of(session(0, 1, 1, "2.00"), session(10, 11, 2, "5.50")));
        open.put("2", List.of(session(2, 2, 1, "1.25")));

        processor.init(context);
        assertThat(context.forwarded()).isEmpty();
        CapturedPunctuator commit = context.scheduledPunctuators().get(0);
        assertThat(commit.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);
        CommitTicks.oneInterval(context, commit);

        assertThat(updates()).containsExactly(
                result(1, 0, 1, 1, "2.00"), result(1, 10, 11, 2, "5.50"), result(2, 2, 2, 1, "1.25"));
        context.resetForwards();
        commit.getPunctuator().punctuate(2 * CommitTicks.commitInterval(context));
        assertThat(context.forwarded()).isEmpty();
    }

    @Test
    void aRevivedTaskWritesTheSessionsItsStoreHasNotTheRowsItHeldBefore() {
        open.put("1", List.of(session(0, 1, 1, "2.00")));
        processor.init(context);
        CommitTicks.oneInterval(context, context.scheduledPunctuators().get(0));
        assertThat(updates()).containsExactly(result(1, 0, 1, 1, "2.00"));
        context.resetForwards();
        Order order = new Order(7, 2, new BigDecimal("4.00"), Instant.ofEpochMilli(minute(3)));
        processor.process(new Record<>("2", new Timed.Event<>(order, new InputPartition("orders", 0), 1,
                InputClocks.NONE, minute(3)), minute(3)));
        MockStores.commit(context, "open");   // the task's commit begins: the processor writes what it changed
        assertThat(open.get("2")).as("counted; its row is held").isNotNull();
        assertThat(context.forwarded()).isEmpty();

        // the transaction aborted before the commit: Kafka Streams suspends the task (closing its processors),
        // restores the store and revives the task with the same processor
        processor.close();
        open.delete("2");
        processor.init(context);
        assertThat(context.scheduledPunctuators().get(0).cancelled()).as("the closed one's").isTrue();
        CommitTicks.oneInterval(context, context.scheduledPunctuators().get(1));   // the one this init scheduled

        assertThat(updates()).as("the store's session again, not the held row of the aborted one")
                .containsExactly(result(1, 0, 1, 1, "2.00"));
    }

    @Test
    void aHeldRowIsWrittenWithTheKeyTimeAndHeadersOfTheLastOrderThatChangedItsSession() {
        processor.init(context);
        processor.process(order(7, 1, 2, "trace-a"));
        processor.process(order(8, 1, 3, "trace-b"));   // grows the same session: its row replaces the held one
        assertThat(context.forwarded()).as("held until the commit interval").isEmpty();

        CommitTicks.oneInterval(context, context.scheduledPunctuators().get(0));

        assertThat(context.forwarded()).hasSize(1);
        Record<? extends String, ? extends SessionChange> row = context.forwarded().get(0).record();
        assertThat(row.key()).isEqualTo("1@" + Instant.ofEpochMilli(minute(2)));
        assertThat(row.timestamp()).as("the second order's").isEqualTo(minute(3));
        assertThat(row.headers().lastHeader("trace")).as("the second order's headers")
                .extracting(header -> new String(header.value())).isEqualTo("trace-b");
        assertThat(updates()).containsExactly(result(1, 2, 3, 2, "8.00"));
    }

    @Test
    void theSessionsInTheStoreAtAStartAreFinalWhenTheWatermarkPassesTheirEnds() {
        SessionWindowProcessor appendOnly = appendOnly();
        open.put("2", List.of(session(0, 5, 2, "3.00")));                               // ends 10:08
        open.put("1", List.of(session(0, 1, 1, "2.00"), session(10, 11, 2, "5.50")));   // 10:04, 10:14
        appendOnly.init(context);

        long frontier = minute(8) + GAP.toMillis();   // the watermark reaches 10:08
        appendOnly.process(new Record<>("", new Timed.Advance<>(frontier), frontier));

        assertThat(context.forwarded()).as("in the order of their ends").<SessionChange>extracting(
                forwarded -> forwarded.record().value()).containsExactly(
                SessionChange.closed(result(1, 0, 1, 1, "2.00")), SessionChange.closed(result(2, 0, 5, 2, "3.00")));
        MockStores.commit(context, "open");   // written behind: in the store once the commit begins
        assertThat(open.get("1")).as("the later one stays open").containsExactly(session(10, 11, 2, "5.50"));
        assertThat(open.get("2")).isNull();
    }

    @Test
    void withoutUpdateRowsNothingIsHeldOrScheduledAndAMergedSessionsOnlyRowIsItsFinalOne() {
        SessionWindowProcessor appendOnly = appendOnly();
        open.put("9", List.of(session(0, 1, 1, "2.00")));   // a session from before a restart: no row rewritten
        appendOnly.init(context);
        assertThat(context.scheduledPunctuators()).as("no update rows to write per commit interval").isEmpty();

        appendOnly.process(order(7, 1, 10, "a"));   // [10, 13)
        appendOnly.process(order(8, 1, 15, "b"));   // [15, 18)
        appendOnly.process(order(9, 1, 13, "c"));   // touches both: one session [10, 18), no tombstone
        assertThat(context.forwarded()).isEmpty();

        long frontier = minute(18) + Duration.ofMinutes(3).toMillis();   // the watermark reaches 10:18
        appendOnly.process(new Record<>("", new Timed.Advance<>(frontier), frontier));
        assertThat(context.forwarded()).<SessionChange>extracting(forwarded -> forwarded.record().value())
                .containsExactly(SessionChange.closed(result(9, 0, 1, 1, "2.00")),
                        SessionChange.closed(result(1, 10, 15, 3, "12.00")));
    }

    @Test
    void aSessionThatGrewIsFinalAtItsEndNotAtAnEndItHadBeforeAndEachOpenSessionIsLookedAtOnce() {
        SessionWindowProcessor appendOnly = appendOnly();
        appendOnly.init(context);
        for (int minute = 0; minute <= 16; minute += 2) {
            appendOnly.process(order(minute, 1, minute, "a"));   // customer 1: [10:00, 10:19), grown order by order
        }
        appendOnly.process(order(100, 2, 7, "b"));    // customer 2: [10:07, 10:10)
        appendOnly.process(order(101, 2, 20, "c"));   // customer 2: [10:20, 10:23), a second session
        assertThat(appendOnly.looksScheduled()).as("one per open session").isEqualTo(3);
        appendOnly.process(order(102, 2, 14, "d"));   // [10:14, 10:17): touches neither
        assertThat(appendOnly.looksScheduled()).isEqualTo(4);
        appendOnly.process(order(103, 2, 17, "e"));   // touches [10:14, 10:17) and [10:20, 10:23): one session
        assertThat(appendOnly.looksScheduled()).as("merged, the absorbed sessions' looks went").isEqualTo(3);

        long frontier = minute(19) + GAP.toMillis();   // the watermark reaches 10:19
        appendOnly.process(new Record<>("", new Timed.Advance<>(frontier), frontier));

        assertThat(context.forwarded()).as("customer 2's first session ends before customer 1's grown one")
                .<SessionChange>extracting(forwarded -> forwarded.record().value()).containsExactly(
                        SessionChange.closed(result(2, 7, 7, 1, "4.00")),
                        SessionChange.closed(result(1, 0, 16, 9, "36.00")));
        assertThat(appendOnly.looksScheduled()).as("customer 2's merged session").isEqualTo(1);
    }

    @Test
    void aCustomersDueSessionsAreWrittenTogetherAtTheFirstOfTheirEnds() {
        SessionWindowProcessor appendOnly = appendOnly();
        appendOnly.init(context);
        appendOnly.process(order(1, 1, 0, "a"));    // customer 1: [10:00, 10:03)
        appendOnly.process(order(2, 1, 10, "b"));   // customer 1: [10:10, 10:13)
        appendOnly.process(order(3, 2, 5, "c"));    // customer 2: [10:05, 10:08)

        long frontier = minute(15) + GAP.toMillis();   // the watermark reaches 10:15
        appendOnly.process(new Record<>("", new Timed.Advance<>(frontier), frontier));

        assertThat(context.forwarded()).<SessionChange>extracting(forwarded -> forwarded.record().value())
                .containsExactly(SessionChange.closed(result(1, 0, 0, 1, "4.00")),
                        SessionChange.closed(result(1, 10, 10, 1, "4.00")),
                        SessionChange.closed(result(2, 5, 5, 1, "4.00")));
        assertThat(appendOnly.looksScheduled()).isZero();
    }

    @Test
    void withAnAllowedLatenessAFinalSessionFromBeforeAStartIsRevisedAndGoesAtItsEndPlusGapPlusTheLateness() {
        SessionWindowProcessor processor = appendOnly(Duration.ofMinutes(2));
        // [10:00, 10:04), two orders, final before the stop (revision 1): kept until the watermark reaches 10:09
        open.put("1", List.of(new OpenSession(minute(0), minute(1), 2, new BigDecimal("2.00"), 1, true, true)));
        processor.init(context);
        assertThat(processor.looksScheduled()).isEqualTo(1);

        long at5 = minute(5) + GAP.toMillis();
        processor.process(new Record<>("", new Timed.Advance<>(at5), at5));   // the watermark reaches 10:05
        assertThat(context.forwarded()).as("final already, and kept").isEmpty();
        processor.process(order(7, 1, 2, "late"));   // 10:02, admitted until 10:07: revises it at once
        assertThat(context.forwarded()).<SessionChange>extracting(forwarded -> forwarded.record().value())
                .containsExactly(SessionChange.closed(new SessionResult(1, Instant.ofEpochMilli(minute(0)),
                        Instant.ofEpochMilli(minute(2)).plus(GAP), 3, new BigDecimal("6.00"), 2)));
        context.resetForwards();

        long at9 = minute(9) + GAP.toMillis();   // its new end 10:05 + gap + lateness = 10:10: not yet
        processor.process(new Record<>("", new Timed.Advance<>(at9), at9));
        MockStores.commit(context, "open");
        assertThat(open.get("1")).isNotNull();
        long at10 = minute(10) + GAP.toMillis();
        processor.process(new Record<>("", new Timed.Advance<>(at10), at10));
        MockStores.commit(context, "open");
        assertThat(open.get("1")).as("no order its partition admits can touch it any more").isNull();
        assertThat(context.forwarded()).as("no row when it goes").isEmpty();
        assertThat(processor.looksScheduled()).isZero();
    }

    @Test
    void aSessionSharingTheLookOfOneAMergeAbsorbsIsStillLookedAtThen() {
        SessionWindowProcessor processor = appendOnly(Duration.ofMinutes(2));
        // [10:00, 10:03), final, kept until 10:08; [10:05, 10:08), open, final at 10:08: one look for both
        OpenSession finalOne = new OpenSession(minute(0), minute(0), 1, new BigDecimal("4.00"), 1, true, true);
        open.put("1", List.of(finalOne, session(5, 5, 1, "4.00")));
        processor.init(context);
        assertThat(processor.looksScheduled()).isEqualTo(1);

        processor.process(order(6, 1, 6, "grows"));   // [10:05, 10:09): its look moves, the final one's stays
        assertThat(processor.looksScheduled()).isEqualTo(2);

        long at8 = minute(8) + GAP.toMillis();
        processor.process(new Record<>("", new Timed.Advance<>(at8), at8));
        MockStores.commit(context, "open");
        assertThat(open.get("1")).as("the final one went at its look").containsExactly(session(5, 6, 2, "8.00"));
        assertThat(context.forwarded()).isEmpty();
    }

    private SessionWindowProcessor appendOnly() {
        return appendOnly(Duration.ZERO);
    }

    /** An append-mode processor whose query allows {@code lateness} after a session's end plus the gap. */
    private SessionWindowProcessor appendOnly(Duration lateness) {
        QueryLateness query = new QueryLateness("customer-sessions", GAP, new SessionLateness(GAP, lateness));
        return new SessionWindowProcessor(query, GAP.toMillis(), lateness.toMillis(),
                new SessionWindowProcessor.SessionStores("open", "frontier"), false);
    }

    private static Record<String, Timed<Order>> order(long orderId, long customer, int minute, String trace) {
        Order order = new Order(orderId, customer, new BigDecimal("4.00"), Instant.ofEpochMilli(minute(minute)));
        Record<String, Timed<Order>> record = new Record<>(Long.toString(customer), new Timed.Event<>(order,
                new InputPartition("orders", 0), 1, InputClocks.NONE, minute(minute)), minute(minute));
        record.headers().add("trace", trace.getBytes());
        return record;
    }

    private List<SessionResult> updates() {
        return context.forwarded().stream()
                .map(forwarded -> ((SessionChange.Update) forwarded.record().value()).result())
                .toList();
    }

    private static OpenSession session(int firstMinute, int lastMinute, long orders, String total) {
        return new OpenSession(minute(firstMinute), minute(lastMinute), orders, new BigDecimal(total));
    }

    private static SessionResult result(long customer, int firstMinute, int lastMinute, long orders, String total) {
        return new SessionResult(customer, Instant.ofEpochMilli(minute(firstMinute)),
                Instant.ofEpochMilli(minute(lastMinute)).plus(GAP), orders, new BigDecimal(total));
    }

    private static long minute(int minute) {
        return TEN.plus(Duration.ofMinutes(minute)).toEpochMilli();
    }
}
