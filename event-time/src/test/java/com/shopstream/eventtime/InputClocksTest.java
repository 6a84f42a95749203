package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.eventtime.InputClocks.PartitionState;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** The watermark arithmetic, rule by rule (see {@link InputClocks}). Event times and wall clocks in plain millis. */
class InputClocksTest {

    /** Every partition's end offset is 0: nothing written after the idle declarations (at offset 0). */
    private static final InputClocks.EndOffsets ENDS = partition -> OptionalLong.of(0);
    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final InputPartition ORDERS_1 = new InputPartition("orders", 1);
    private static final InputPartition ORDERS_2 = new InputPartition("orders", 2);
    private static final InputPartition PAYMENTS_0 = new InputPartition("payments", 0);

    @Test
    void eachPartitionFindsItsOwnClockWhenLookupsRepeatAlternateOrComeByAnEqualInstance() {
        InputPartition orders0 = new InputPartition("orders", 0);
        InputPartition orders1 = new InputPartition("orders", 1);
        InputPartition orders2 = new InputPartition("orders", 2);
        InputClocks clocks = InputClocks.ofPartitions(List.of(orders0, orders1));
        assertThat(clocks.newest(orders2)).as("never read").isEqualTo(InputClocks.NONE);
        assertThat(clocks.newest(orders2)).as("still never read").isEqualTo(InputClocks.NONE);
        clocks.observe(orders0, 10);
        clocks.observe(orders0, 15);   // the same instance again, as a source task's records come
        assertThat(clocks.newest(orders0)).isEqualTo(15);
        assertThat(clocks.newest(orders0)).isEqualTo(15);
        clocks.observe(orders1, 20);
        assertThat(clocks.newest(orders1)).isEqualTo(20);
        assertThat(clocks.newest(orders0)).isEqualTo(15);
        clocks.observe(orders2, 5);
        assertThat(clocks.newest(orders2)).isEqualTo(5);

        clocks.observe(new InputPartition("orders", 0), 30);
        assertThat(clocks.newest(orders0)).isEqualTo(30);
        assertThat(clocks.newest(new InputPartition("orders", 1))).isEqualTo(20);
        assertThat(clocks.newest(orders1)).isEqualTo(20);
        assertThat(clocks.newest(orders1)).as("asked again, as found by the lookup before").isEqualTo(20);
        assertThat(clocks.newest(orders0)).isEqualTo(30);
        assertThat(clocks.newest(orders0)).isEqualTo(30);
        assertThat(clocks.frontier()).isEqualTo(InputClocks.NONE);
        assertThat(clocks.advance(InputClocks.EndOffsets.NOT_NEEDED)).as("orders-2 is not expected").isEqualTo(20);
    }

    @Test
    void aPartitionsClockIsTheNewestEventTimeReadAndNeverGoesDown() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0));

        assertThat(clocks.observe(ORDERS_0, 500)).isTrue();
        assertThat(clocks.observe(ORDERS_0, 400)).isFalse();
        assertThat(clocks.observe(ORDERS_0, 500)).isFalse();
        assertThat(clocks.newest(ORDERS_0)).isEqualTo(500);
        assertThat(clocks.report(ORDERS_0, 1, 300, false, 0)).isTrue();   // the count is news, the clock is not
        assertThat(clocks.newest(ORDERS_0)).isEqualTo(500);
    }

    @Test
    void theFrontierIsTheOldestClockOfTheExpectedPartitions() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0, PAYMENTS_0));
        clocks.observe(ORDERS_0, 900);
        clocks.observe(PAYMENTS_0, 600);

        assertThat(clocks.advance(ENDS)).isEqualTo(600);
        clocks.observe(PAYMENTS_0, 1_200);
        assertThat(clocks.advance(ENDS)).isEqualTo(900);
        assertThat(clocks.newestOfAll()).isEqualTo(1_200);
    }

    @Test
    void anInputWithALongerDelayCountsItsPartitionsBehindTheirClocksByTheDifference() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0, PAYMENTS_0), Map.of("payments", 400L));
        clocks.observe(ORDERS_0, 900);
        clocks.observe(PAYMENTS_0, 1_200);

        assertThat(clocks.advance(ENDS)).as("payments at 1,200 count as 800").isEqualTo(800);
        assertThat(clocks.newest(PAYMENTS_0)).as("the clock itself is the newest event time").isEqualTo(1_200);
        clocks.observe(PAYMENTS_0, 1_500);
        assertThat(clocks.advance(ENDS)).as("now the orders are the oldest").isEqualTo(900);
    }

    @Test
    void whenEveryPartitionIsIdleTheNewestHeldBackClockCounts() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders", "payments"), Map.of("payments", 400L));
        clocks.report(ORDERS_0, 1, 900, true, 0);
        clocks.report(PAYMENTS_0, 1, 1_200, true, 0);

        assertThat(clocks.advance(ENDS)).as("payments 1,200 − 400 is older than the orders' 900").isEqualTo(900);
        clocks.report(PAYMENTS_0, 1, 1_500, true, 0);
        assertThat(clocks.advance(ENDS)).isEqualTo(1_100);
    }

    @Test
    void aHeldBackClockNearTheStartOfTimeStaysAClock() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(PAYMENTS_0), Map.of("payments", 400L));
        clocks.observe(PAYMENTS_0, Long.MIN_VALUE + 100);

        assertThat(clocks.advance(ENDS)).as("not NONE, which would hold").isEqualTo(Long.MIN_VALUE + 1);
    }

    @Test
    void aNegativeHoldBackIsRefused() {
        assertThatThrownBy(() -> InputClocks.ofTopics(List.of("payments"),
                Map.of("payments", -1L))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("payments");
    }

    @Test
    void itHoldsUntilEveryExpectedPartitionHasAClock() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0, PAYMENTS_0));
        clocks.observe(ORDERS_0, 900);

        assertThat(clocks.advance(ENDS)).isEqualTo(InputClocks.NONE);
        assertThat(clocks.states(ENDS)).containsEntry(PAYMENTS_0,
                new PartitionState(InputClocks.NONE, PartitionState.Status.AWAITED));
        clocks.observe(PAYMENTS_0, 100);
        assertThat(clocks.advance(ENDS)).isEqualTo(100);
    }

    @Test
    void itNeverGoesDown() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        clocks.report(ORDERS_0, 2, 900, false, 0);
        clocks.report(ORDERS_1, 2, 700, true, 0);
        assertThat(clocks.advance(ENDS)).isEqualTo(900);   // orders-1 idle

        clocks.observe(ORDERS_1, 750);   // orders-1 is read again: it counts, but it cannot pull the frontier back
        assertThat(clocks.advance(ENDS)).isEqualTo(900);
        clocks.observe(ORDERS_1, 1_000);
        assertThat(clocks.advance(ENDS)).isEqualTo(900);
        clocks.observe(ORDERS_0, 1_100);
        assertThat(clocks.advance(ENDS)).isEqualTo(1_000);
    }

    @Test
    void behindARepartitionItWaitsForEveryPartitionOfEveryTopicCountedByTheReports() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders", "payments"));
        clocks.observe(ORDERS_0, 500);   // an event: its partition has a clock, but no topic has a count yet
        assertThat(clocks.advance(ENDS)).isEqualTo(InputClocks.NONE);
        assertThat(clocks.uncountedTopics()).containsExactly("orders", "payments");

        clocks.report(ORDERS_1, 2, 800, false, 0);
        clocks.report(PAYMENTS_0, 1, 300, false, 0);
        assertThat(clocks.advance(ENDS)).isEqualTo(300);
        assertThat(clocks.states(ENDS).keySet()).containsExactly(ORDERS_0, ORDERS_1, PAYMENTS_0);
    }

    @Test
    void aReportWithoutACountLeavesTheTopicUncounted() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        clocks.report(ORDERS_0, 0, 500, false, 0);   // the reader did not know the count yet

        assertThat(clocks.advance(ENDS)).isEqualTo(InputClocks.NONE);
        assertThat(clocks.uncountedTopics()).containsExactly("orders");
    }

    @Test
    void anIdlePartitionDoesNotHoldTheFrontierBackUntilItsNextRecord() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        clocks.report(ORDERS_0, 3, 900, false, 0);
        clocks.report(ORDERS_1, 3, 200, true, 0);
        clocks.report(ORDERS_2, 3, 700, false, 0);

        assertThat(clocks.advance(ENDS)).isEqualTo(700);
        assertThat(clocks.states(ENDS).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.IDLE);
        clocks.observe(ORDERS_1, 250);   // its next record: it holds again, at its own clock
        clocks.observe(ORDERS_2, 950);
        assertThat(clocks.advance(ENDS)).isEqualTo(700);
        assertThat(clocks.states(ENDS).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.ACTIVE);
    }

    @Test
    void anAwaitedPartitionThatIsIdleDoesNotHoldEither() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        clocks.report(ORDERS_0, 2, 900, false, 0);
        clocks.report(ORDERS_1, 2, InputClocks.NONE, true, 0);

        assertThat(clocks.advance(ENDS)).isEqualTo(900);
    }

    @Test
    void whenEveryPartitionIsIdleTheNewestOfTheirClocksCounts() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        clocks.report(ORDERS_0, 2, 900, true, 0);
        clocks.report(ORDERS_1, 2, 400, true, 0);

        assertThat(clocks.advance(ENDS)).isEqualTo(900);
    }

    @Test
    void anIdleDeclarationCountsOnlyWhileNoRecordWasWrittenToThePartitionSince() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        Map<InputPartition, Long> ends = new HashMap<>(Map.of(ORDERS_0, 40L, ORDERS_1, 7L));
        InputClocks.EndOffsets now = partition -> ends.containsKey(partition)
                ? OptionalLong.of(ends.get(partition)) : OptionalLong.empty();
        clocks.report(ORDERS_0, 2, 900, false, -1);
        clocks.report(ORDERS_1, 2, 400, true, 7);   // its reader read it to offset 7 and found nothing more
        assertThat(clocks.advance(now)).isEqualTo(900);

        clocks.observe(ORDERS_0, 2_000);
        ends.put(ORDERS_1, 8L);   // a record landed in orders-1: read or not (its reader may be down), it holds again
        assertThat(clocks.states(now).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.ACTIVE);
        assertThat(clocks.advance(now)).isEqualTo(900);
        ends.remove(ORDERS_1);   // the end offset is not known: no proof that nothing came, so it holds
        assertThat(clocks.advance(now)).isEqualTo(900);

        clocks.report(ORDERS_1, 2, 450, true, 8);   // its reader has read that record and is idle again
        ends.put(ORDERS_1, 8L);
        assertThat(clocks.advance(now)).isEqualTo(2_000);
    }

    @Test
    void anAdvanceThatLeansOnAReportedIdlePartitionWaitsForEndOffsetsReadAfterItWasWanted() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        BackgroundReads reads = new BackgroundReads(Map.of(ORDERS_0, 40L, ORDERS_1, 7L));
        clocks.report(ORDERS_0, 2, 900, false, -1);
        clocks.report(ORDERS_1, 2, 400, true, 7);
        // the offsets in hand come from a read that began before the records that move the frontier were seen
        assertThat(clocks.advance(reads)).isEqualTo(400);
        assertThat(clocks.waitsForEndOffsets()).isTrue();

        reads.begin();   // began before the next record was seen: it does not release what that record moves
        clocks.observe(ORDERS_0, 2_000);
        assertThat(clocks.advance(reads)).isEqualTo(400);
        reads.answer();
        assertThat(clocks.advance(reads)).isEqualTo(900);
        assertThat(clocks.waitsForEndOffsets()).isTrue();

        reads.begin();
        reads.answer();   // nothing landed in orders-1: its declaration stands
        assertThat(clocks.advance(reads)).isEqualTo(2_000);
        assertThat(clocks.waitsForEndOffsets()).isFalse();
    }

    @Test
    void aRecordWrittenToAReportedIdlePartitionBeforeTheRecordsThatMoveTheOthersHoldsTheFrontier() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        BackgroundReads reads = new BackgroundReads(Map.of(ORDERS_0, 40L, ORDERS_1, 7L));
        clocks.report(ORDERS_0, 2, 400, false, -1);
        clocks.report(ORDERS_1, 2, 400, true, 7);   // its reader is down from here on
        reads.begin();
        reads.answer();
        assertThat(clocks.advance(reads)).isEqualTo(400);

        // a record lands in orders-1, then one moves orders-0 on, before the next read
        clocks.observe(ORDERS_0, 2_000);
        assertThat(clocks.advance(reads)).as("the offsets in hand do not have the record yet").isEqualTo(400);

        reads.begin();
        reads.ends.put(ORDERS_1, 8L);
        reads.answer();
        assertThat(clocks.advance(reads)).isEqualTo(400);
        assertThat(clocks.states(reads).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.ACTIVE);
        assertThat(clocks.waitsForEndOffsets()).isFalse();

        // its reader reads that record and declares it idle again; another record lands before the next read
        clocks.report(ORDERS_1, 2, 450, true, 8);
        reads.ends.put(ORDERS_1, 9L);
        assertThat(clocks.advance(reads)).as("a release is good only for the declarations of its read")
                .isEqualTo(450);
        reads.begin();
        reads.answer();
        assertThat(clocks.advance(reads)).isEqualTo(450);
    }

    @Test
    void aDeclarationThatChangesWhileAnAdvanceWaitsStartsTheWaitAgain() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        BackgroundReads reads = new BackgroundReads(Map.of(ORDERS_0, 40L, ORDERS_1, 7L));
        clocks.report(ORDERS_0, 2, 900, false, -1);
        clocks.report(ORDERS_1, 2, 400, true, 7);
        assertThat(clocks.advance(reads)).isEqualTo(400);   // the advance to 900 waits for a read begun after it

        reads.begin();   // such a read begins; then a record lands in orders-1, is read, and it is idle again
        reads.ends.put(ORDERS_1, 8L);
        clocks.observe(ORDERS_1, 450);
        clocks.report(ORDERS_1, 2, 450, true, 8);
        reads.answer();
        reads.ends.put(ORDERS_1, 9L);   // and one more lands
        assertThat(clocks.advance(reads)).as("the read began before the new declaration: it proves nothing of it")
                .isEqualTo(450);

        reads.begin();
        reads.answer();
        assertThat(clocks.advance(reads)).isEqualTo(450);
        assertThat(clocks.states(reads).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.ACTIVE);
    }

    @Test
    void anAdvanceThatNeedsNoReportedIdlePartitionDoesNotWait() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        BackgroundReads reads = new BackgroundReads(Map.of(ORDERS_0, 40L, ORDERS_1, 7L));
        clocks.report(ORDERS_0, 2, 300, false, -1);
        clocks.report(ORDERS_1, 2, 900, true, 7);   // idle, but ahead: it holds nothing back

        assertThat(clocks.advance(reads)).isEqualTo(300);
        assertThat(clocks.waitsForEndOffsets()).isFalse();
    }

    @Test
    void anIdleDeclarationWithoutAnEndOffsetDoesNotCount() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        clocks.report(ORDERS_0, 2, 900, false, -1);
        clocks.report(ORDERS_1, 2, 400, true, -1);

        assertThat(clocks.advance(ENDS)).isEqualTo(400);
    }

    @Test
    void theOwnerOfItsPartitionsDeclaresThemIdleWithoutAnEndOffset() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0, PAYMENTS_0));
        clocks.observe(ORDERS_0, 900);
        clocks.observe(PAYMENTS_0, 100);

        assertThat(clocks.idle(PAYMENTS_0, true)).isTrue();
        assertThat(clocks.idle(PAYMENTS_0, true)).isFalse();
        assertThat(clocks.advance(InputClocks.EndOffsets.NOT_NEEDED)).isEqualTo(900);
    }

    @Test
    void moreInputPartitionsReopenTheHold() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"));
        clocks.report(ORDERS_0, 2, 900, false, 0);
        clocks.report(ORDERS_1, 2, 800, false, 0);
        assertThat(clocks.advance(ENDS)).isEqualTo(800);

        clocks.report(ORDERS_0, 3, 1_000, false, 0);   // orders has a third partition now
        clocks.observe(ORDERS_1, 1_200);
        assertThat(clocks.advance(ENDS)).isEqualTo(800);
        assertThat(clocks.states(ENDS).get(ORDERS_2).status()).isEqualTo(PartitionState.Status.AWAITED);
        clocks.report(ORDERS_2, 3, 950, false, 0);
        assertThat(clocks.advance(ENDS)).isEqualTo(950);
    }

    @Test
    void whatIsPersistedComesBack() {
        InputClocks before = InputClocks.ofTopics(List.of("orders"));
        before.report(ORDERS_0, 2, 900, false, 0);
        before.report(ORDERS_1, 2, 700, true, 0);
        long frontier = before.advance(ENDS);

        InputClocks after = InputClocks.ofTopics(List.of("orders"));
        after.restore(Map.of(ORDERS_0, before.entry(ORDERS_0), ORDERS_1, before.entry(ORDERS_1)),
                before.partitionCounts(), frontier);

        assertThat(after.frontier()).isEqualTo(900);
        assertThat(after.newest(ORDERS_1)).isEqualTo(700);
        assertThat(after.states(ENDS).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.IDLE);
        // a record came to orders-1 meanwhile: it holds again, but nothing goes down
        assertThat(after.advance(partition -> OptionalLong.of(1))).isEqualTo(900);
    }

    /** End offsets read in the background, one numbered read at a time, as the service's watch reads them. */
    private static final class BackgroundReads implements InputClocks.EndOffsets {

        final Map<InputPartition, Long> ends;
        private Map<InputPartition, Long> answer;
        private long begun;
        private long answered;

        BackgroundReads(Map<InputPartition, Long> ends) {
            this.ends = new HashMap<>(ends);
            this.answer = Map.copyOf(ends);
        }

        void begin() {
            begun++;
        }

        /** The read begun last answers with the offsets as they are now. */
        void answer() {
            answer = Map.copyOf(ends);
            answered = begun;
        }

        @Override
        public OptionalLong endOffset(InputPartition partition) {
            Long end = answer.get(partition);
            return end == null ? OptionalLong.empty() : OptionalLong.of(end);
        }

        @Override
        public long begun() {
            return begun;
        }

        @Override
        public long answered() {
            return answered;
        }
    }
}
