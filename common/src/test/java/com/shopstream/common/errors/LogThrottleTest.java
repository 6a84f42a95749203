package com.shopstream.common.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class LogThrottleTest {

    private final AtomicLong now = new AtomicLong(1_764_000_000_000L);
    private final LogThrottle throttle = new LogThrottle(10_000, now::get);

    @Test
    void theFirstLinePasses() {
        // the first line of a service's life: an earlier version compared "now - last" with last = Long.MIN_VALUE,
        // which overflows, and no dead letter was ever logged
        assertThat(throttle.pass()).isZero();
    }

    @Test
    void linesWithinTheIntervalAreHeldAndCountedInTheNextThatPasses() {
        throttle.pass();
        now.addAndGet(4_000);
        assertThat(throttle.pass()).isEqualTo(LogThrottle.HELD);
        now.addAndGet(5_999);
        assertThat(throttle.pass()).isEqualTo(LogThrottle.HELD);

        now.addAndGet(1);
        assertThat(throttle.pass()).isEqualTo(2);
        assertThat(throttle.pass()).isEqualTo(LogThrottle.HELD);
    }

    @Test
    void aClockSetBackHoldsLinesUntilItPassesTheNextTimeAgain() {
        throttle.pass();
        now.addAndGet(-60_000);
        assertThat(throttle.pass()).isEqualTo(LogThrottle.HELD);
        now.addAndGet(70_000);
        assertThat(throttle.pass()).isEqualTo(1);
    }

    @Test
    void theIntervalMustBePositive() {
        assertThatThrownBy(() -> new LogThrottle(0, now::get)).isInstanceOf(IllegalArgumentException.class);
    }
}
