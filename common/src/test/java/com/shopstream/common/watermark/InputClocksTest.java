package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.watermark.InputClocks.PartitionState;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The watermark arithmetic, rule by rule (see {@link InputClocks}). Event times and wall clocks in plain millis. */
class InputClocksTest {

    private static final long LEASE = 1_000;
    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final InputPartition ORDERS_1 = new InputPartition("orders", 1);
    private static final InputPartition ORDERS_2 = new InputPartition("orders", 2);
    private static final InputPartition PAYMENTS_0 = new InputPartition("payments", 0);

    @Test
    void aPartitionsClockIsTheNewestEventTimeReadAndNeverGoesDown() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0), InputClocks.NO_LEASE);

        assertThat(clocks.observe(ORDERS_0, 500)).isTrue();
        assertThat(clocks.observe(ORDERS_0, 400)).isFalse();
        assertThat(clocks.observe(ORDERS_0, 500)).isFalse();
        assertThat(clocks.newest(ORDERS_0)).isEqualTo(500);
        assertThat(clocks.report(ORDERS_0, 1, 300, false, 0)).isTrue();   // the count is news, the clock is not
        assertThat(clocks.newest(ORDERS_0)).isEqualTo(500);
    }

    @Test
    void theFrontierIsTheOldestClockOfTheExpectedPartitions() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0, PAYMENTS_0), InputClocks.NO_LEASE);
        clocks.observe(ORDERS_0, 900);
        clocks.observe(PAYMENTS_0, 600);

        assertThat(clocks.advance(0)).isEqualTo(600);
        clocks.observe(PAYMENTS_0, 1_200);
        assertThat(clocks.advance(0)).isEqualTo(900);
        assertThat(clocks.newestOfAll()).isEqualTo(1_200);
    }

    @Test
    void itHoldsUntilEveryExpectedPartitionHasAClock() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0, PAYMENTS_0), InputClocks.NO_LEASE);
        clocks.observe(ORDERS_0, 900);

        assertThat(clocks.advance(0)).isEqualTo(InputClocks.NONE);
        assertThat(clocks.states(0)).containsEntry(PAYMENTS_0,
                new PartitionState(InputClocks.NONE, PartitionState.Status.AWAITED));
        clocks.observe(PAYMENTS_0, 100);
        assertThat(clocks.advance(0)).isEqualTo(100);
    }

    @Test
    void itNeverGoesDown() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 2, 900, false, 0);
        clocks.report(ORDERS_1, 2, 700, true, 0);
        assertThat(clocks.advance(0)).isEqualTo(900);   // orders-1 idle

        clocks.observe(ORDERS_1, 750);   // orders-1 is read again: it counts, but it cannot pull the frontier back
        assertThat(clocks.advance(0)).isEqualTo(900);
        clocks.observe(ORDERS_1, 1_000);
        assertThat(clocks.advance(0)).isEqualTo(900);
        clocks.observe(ORDERS_0, 1_100);
        assertThat(clocks.advance(0)).isEqualTo(1_000);
    }

    @Test
    void behindARepartitionItWaitsForEveryPartitionOfEveryTopicCountedByTheReports() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders", "payments"), LEASE);
        clocks.observe(ORDERS_0, 500);   // an event: its partition has a clock, but no topic has a count yet
        assertThat(clocks.advance(0)).isEqualTo(InputClocks.NONE);
        assertThat(clocks.uncountedTopics()).containsExactly("orders", "payments");

        clocks.report(ORDERS_1, 2, 800, false, 0);
        clocks.report(PAYMENTS_0, 1, 300, false, 0);
        assertThat(clocks.advance(0)).isEqualTo(300);
        assertThat(clocks.states(0).keySet()).containsExactly(ORDERS_0, ORDERS_1, PAYMENTS_0);
    }

    @Test
    void aReportWithoutACountLeavesTheTopicUncounted() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 0, 500, false, 0);   // the reader did not know the count yet

        assertThat(clocks.advance(0)).isEqualTo(InputClocks.NONE);
        assertThat(clocks.uncountedTopics()).containsExactly("orders");
    }

    @Test
    void anIdlePartitionDoesNotHoldTheFrontierBackUntilItsNextRecord() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 3, 900, false, 0);
        clocks.report(ORDERS_1, 3, 200, true, 0);
        clocks.report(ORDERS_2, 3, 700, false, 0);

        assertThat(clocks.advance(0)).isEqualTo(700);
        assertThat(clocks.states(0).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.IDLE);
        clocks.observe(ORDERS_1, 250);   // its next record: it holds again, at its own clock
        clocks.observe(ORDERS_2, 950);
        assertThat(clocks.advance(0)).isEqualTo(700);
        assertThat(clocks.states(0).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.ACTIVE);
    }

    @Test
    void anAwaitedPartitionThatIsIdleDoesNotHoldEither() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 2, 900, false, 0);
        clocks.report(ORDERS_1, 2, InputClocks.NONE, true, 0);

        assertThat(clocks.advance(0)).isEqualTo(900);
    }

    @Test
    void whenEveryPartitionIsIdleTheNewestOfTheirClocksCounts() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 2, 900, true, 0);
        clocks.report(ORDERS_1, 2, 400, true, 0);

        assertThat(clocks.advance(0)).isEqualTo(900);
    }

    @Test
    void aReportedIdleDeclarationLapsesUnlessRenewed() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 2, 900, false, 10_000);
        clocks.report(ORDERS_1, 2, 400, true, 10_000);
        clocks.observe(ORDERS_0, 1_500);

        assertThat(clocks.advance(10_500)).isEqualTo(1_500);
        clocks.observe(ORDERS_0, 2_000);
        // the reader of orders-1 went quiet: a second later its declaration is stale, and orders-1 holds again
        assertThat(clocks.states(10_000 + LEASE + 1).get(ORDERS_1).status())
                .isEqualTo(PartitionState.Status.ACTIVE);
        assertThat(clocks.advance(10_000 + LEASE + 1)).isEqualTo(1_500);
        // renewed: idle again
        clocks.report(ORDERS_1, 2, 400, true, 11_500);
        assertThat(clocks.advance(11_600)).isEqualTo(2_000);
    }

    @Test
    void anIdleDeclarationReadLongAfterItWasSentDoesNotCount() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 2, 900, false, 0);
        clocks.report(ORDERS_1, 2, 400, true, 0);   // read a minute later (a tracker catching up on a backlog)

        assertThat(clocks.advance(60_000)).isEqualTo(400);
    }

    @Test
    void theOwnerOfItsPartitionsDeclaresThemIdleWithoutALease() {
        InputClocks clocks = InputClocks.ofPartitions(List.of(ORDERS_0, PAYMENTS_0), InputClocks.NO_LEASE);
        clocks.observe(ORDERS_0, 900);
        clocks.observe(PAYMENTS_0, 100);

        assertThat(clocks.idle(PAYMENTS_0, true)).isTrue();
        assertThat(clocks.idle(PAYMENTS_0, true)).isFalse();
        assertThat(clocks.advance(Long.MAX_VALUE)).isEqualTo(900);
    }

    @Test
    void moreInputPartitionsReopenTheHold() {
        InputClocks clocks = InputClocks.ofTopics(List.of("orders"), LEASE);
        clocks.report(ORDERS_0, 2, 900, false, 0);
        clocks.report(ORDERS_1, 2, 800, false, 0);
        assertThat(clocks.advance(0)).isEqualTo(800);

        clocks.report(ORDERS_0, 3, 1_000, false, 0);   // orders has a third partition now
        clocks.observe(ORDERS_1, 1_200);
        assertThat(clocks.advance(0)).isEqualTo(800);
        assertThat(clocks.states(0).get(ORDERS_2).status()).isEqualTo(PartitionState.Status.AWAITED);
        clocks.report(ORDERS_2, 3, 950, false, 0);
        assertThat(clocks.advance(0)).isEqualTo(950);
    }

    @Test
    void whatIsPersistedComesBack() {
        InputClocks before = InputClocks.ofTopics(List.of("orders"), LEASE);
        before.report(ORDERS_0, 2, 900, false, 0);
        before.report(ORDERS_1, 2, 700, true, 5);
        long frontier = before.advance(0);

        InputClocks after = InputClocks.ofTopics(List.of("orders"), LEASE);
        after.restore(Map.of(ORDERS_0, before.entry(ORDERS_0), ORDERS_1, before.entry(ORDERS_1)),
                before.partitionCounts(), frontier);

        assertThat(after.frontier()).isEqualTo(900);
        assertThat(after.newest(ORDERS_1)).isEqualTo(700);
        assertThat(after.states(5).get(ORDERS_1).status()).isEqualTo(PartitionState.Status.IDLE);
        assertThat(after.advance(60_000)).isEqualTo(900);   // lapsed: orders-1 holds, but nothing goes down
    }
}
