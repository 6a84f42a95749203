package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class IdleDetectorTest {

    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final OptionalLong CAUGHT_UP = OptionalLong.of(0);

    @Test
    void aCaughtUpPartitionWithNothingReadForTheTimeoutIsIdle() {
        IdleDetector idle = new IdleDetector(1_000);
        idle.read(ORDERS_0, 5_000);

        assertThat(idle.idle(ORDERS_0, 5_999, CAUGHT_UP)).isFalse();
        assertThat(idle.idle(ORDERS_0, 6_000, CAUGHT_UP)).isTrue();
        idle.read(ORDERS_0, 6_500);
        assertThat(idle.idle(ORDERS_0, 7_000, CAUGHT_UP)).isFalse();
    }

    @Test
    void eachPartitionKeepsItsOwnLastReadWhenReadsRepeatAlternateOrComeByAnEqualInstance() {
        InputPartition orders1 = new InputPartition("orders", 1);
        IdleDetector idle = new IdleDetector(1_000);
        idle.read(ORDERS_0, 5_000);
        idle.read(orders1, 1_000);
        idle.read(orders1, 1_500);   // the same instance again, as a source task's records come
        idle.read(ORDERS_0, 5_400);
        idle.read(ORDERS_0, 5_500);
        idle.read(new InputPartition("orders", 1), 2_000);

        assertThat(idle.idle(ORDERS_0, 6_499, CAUGHT_UP)).isFalse();
        assertThat(idle.idle(ORDERS_0, 6_500, CAUGHT_UP)).isTrue();
        assertThat(idle.idle(orders1, 2_999, CAUGHT_UP)).isFalse();
        assertThat(idle.idle(orders1, 3_000, CAUGHT_UP)).isTrue();
    }

    @Test
    void aReaderThatIsBehindOrDoesNotKnowItsLagIsNeverIdle() {
        IdleDetector idle = new IdleDetector(1_000);
        idle.read(ORDERS_0, 0);

        assertThat(idle.idle(ORDERS_0, 60_000, OptionalLong.of(3))).isFalse();
        assertThat(idle.idle(ORDERS_0, 60_000, OptionalLong.empty())).isFalse();
    }

    @Test
    void aReaderThatJustStartedWaitsAWholeTimeoutFromItsFirstLookFirst() {
        IdleDetector idle = new IdleDetector(1_000);

        assertThat(idle.idle(ORDERS_0, 10_000, CAUGHT_UP)).isFalse();
        assertThat(idle.idle(ORDERS_0, 10_500, CAUGHT_UP)).isFalse();
        assertThat(idle.idle(ORDERS_0, 11_000, CAUGHT_UP)).isTrue();
    }

    @Test
    void theTimeoutMustBePositive() {
        assertThatThrownBy(() -> new IdleDetector(0)).hasMessageContaining("must be positive");
    }
}
