package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The two rules of a record's event time against its broker time, one by one. */
class FutureBoundTest {

    private static final long BROKER = 1_000_000_000L;
    private static final long MINUTE = 60_000;
    private final FutureBound bound = new FutureBound(Duration.ofHours(1), Duration.ofMinutes(1));

    @Test
    void aRecordMoreThanTheSkewAheadOfItsBrokerTimeIsRefusedOneExactlyAtItIsNot() {
        assertThat(bound.refuses(BROKER + 60 * MINUTE + 1, BROKER)).isTrue();
        assertThat(bound.refuses(BROKER + 60 * MINUTE, BROKER)).isFalse();
        assertThat(bound.refuses(BROKER - 10 * 24 * 60 * MINUTE, BROKER)).isFalse();   // old records are not
    }

    @Test
    void aRecordAheadMovesTheClockToItsBrokerTimePlusTheAllowanceNoFurther() {
        assertThat(bound.clockReading(BROKER + 59 * MINUTE, BROKER)).isEqualTo(BROKER + MINUTE);
        assertThat(bound.clockReading(BROKER + MINUTE, BROKER)).isEqualTo(BROKER + MINUTE);
    }

    @Test
    void aRecordNotAheadOfItsBrokerTimePlusTheAllowanceReadsItsEventTime() {
        assertThat(bound.clockReading(BROKER + MINUTE - 1, BROKER)).isEqualTo(BROKER + MINUTE - 1);
        assertThat(bound.clockReading(BROKER - 5 * MINUTE, BROKER)).isEqualTo(BROKER - 5 * MINUTE);
    }

    @Test
    void theAllowanceIsBetweenZeroAndTheSkew() {
        assertThat(new FutureBound(Duration.ofHours(1), Duration.ZERO).clockReading(BROKER + 1, BROKER))
                .isEqualTo(BROKER);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new FutureBound(Duration.ofMinutes(1), Duration.ofMinutes(2)))
                .withMessageContaining("shopstream.future-allowance must be between 0 and shopstream.max-future-skew");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new FutureBound(Duration.ofHours(3), Duration.ofMinutes(31)))
                .withMessageContaining("and at most PT30M");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new FutureBound(Duration.ofMinutes(-1), Duration.ZERO))
                .withMessageContaining("shopstream.max-future-skew must not be negative");
    }
}
