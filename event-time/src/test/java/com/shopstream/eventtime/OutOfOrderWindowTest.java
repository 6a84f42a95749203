package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The horizon of the out-of-orderness figures: what falls out of it, and the exact share a watched delay kept. */
class OutOfOrderWindowTest {

    private static final Duration HORIZON = Duration.ofHours(24);
    private static final long HOUR = 3_600_000;
    private static final Duration THREE_MINUTES = Duration.ofMinutes(3);

    @Test
    void recordsOlderThanTheHorizonAreForgotten() {
        OutOfOrderWindow window = new OutOfOrderWindow(HORIZON, List.of(THREE_MINUTES));
        window.record(600_000, 0);            // 10 min behind, at hour 0
        window.record(1_000, 5 * HOUR);

        assertThat(window.snapshot(23 * HOUR).histogram().max()).isEqualTo(600_000);
        assertThat(window.snapshot(24 * HOUR).histogram().max()).as("hour 0's slot left the horizon")
                .isEqualTo(1_000);
        window.record(2_000, 25 * HOUR);      // the ring entry of hour 1 — never used — and of hour 25
        assertThat(window.snapshot(25 * HOUR).histogram().total()).isEqualTo(2);
        assertThat(window.snapshot(30 * HOUR).histogram().total()).as("hour 5 is gone").isEqualTo(1);
    }

    @Test
    void aSlotUsedAgainAfterAFullTurnStartsEmpty() {
        OutOfOrderWindow window = new OutOfOrderWindow(HORIZON, List.of(THREE_MINUTES));
        window.record(500_000, 2 * HOUR);
        window.record(1_000, 26 * HOUR);      // the same ring entry, a day later

        OutOfOrderWindow.Snapshot snapshot = window.snapshot(26 * HOUR);
        assertThat(snapshot.histogram().total()).isEqualTo(1);
        assertThat(snapshot.keptShare(THREE_MINUTES)).isEqualTo(1.0);
    }

    @Test
    void theKeptShareOfAWatchedDelayIsExact() {
        OutOfOrderWindow window = new OutOfOrderWindow(HORIZON, List.of(THREE_MINUTES, Duration.ofMinutes(10)));
        window.record(180_000, 0);            // exactly the delay behind: kept (the promise)
        window.record(180_001, 0);
        window.record(0, HOUR);
        window.record(599_999, HOUR);

        OutOfOrderWindow.Snapshot snapshot = window.snapshot(HOUR);
        assertThat(snapshot.keptShare(THREE_MINUTES)).isEqualTo(0.5);
        assertThat(snapshot.keptShare(Duration.ofMinutes(10))).isEqualTo(1.0);
        assertThatThrownBy(() -> snapshot.keptShare(Duration.ofMinutes(5))).isInstanceOf(IllegalArgumentException.class);
        assertThat(new OutOfOrderWindow(HORIZON, List.of(THREE_MINUTES)).snapshot(0).keptShare(THREE_MINUTES))
                .as("nothing seen: nothing lost").isEqualTo(1.0);
    }

    @Test
    void aClockSetBackDoesNotCountFutureSlots() {
        OutOfOrderWindow window = new OutOfOrderWindow(HORIZON, List.of(THREE_MINUTES));
        window.record(1_000, 10 * HOUR);

        assertThat(window.snapshot(9 * HOUR).histogram().total()).isZero();
    }
}
