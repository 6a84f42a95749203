package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The delay advice of one input: what each share costs against the current delay. */
class DelayAdviceTest {

    @Test
    void eachShareGetsTheDelayThatKeepsItAndWhatItCostsAgainstTheCurrentDelay() {
        Duration current = Duration.ofMinutes(3);
        OutOfOrderWindow window = new OutOfOrderWindow(Duration.ofHours(24), List.of(current));
        for (int i = 0; i < 990; i++) {
            window.record(i % 60 * 1_000L, 0);           // 0 to 59 s behind
        }
        for (int i = 0; i < 9; i++) {
            window.record(240_000, 0);                   // 4 min behind: late with 3 min
        }
        window.record(1_200_000, 0);                     // one straggler, 20 min behind

        DelayAdvice advice = DelayAdvice.of(window.snapshot(0), current);

        assertThat(advice.records()).isEqualTo(1_000);
        assertThat(advice.currentKeeps()).isEqualTo(0.99);
        assertThat(advice.choices()).extracting(DelayAdvice.Choice::keeps).containsExactly(0.99, 0.999, 1.0);
        DelayAdvice.Choice p99 = advice.choices().get(0);
        assertThat(p99.delay()).isBetween(Duration.ofSeconds(59), Duration.ofMillis(59_000 + 59_000 / 32));
        assertThat(p99.finalsLater()).as("finals earlier than with 3 min").isEqualTo(p99.delay().minus(current))
                .isNegative();
        assertThat(advice.choices().get(1).delay()).isBetween(Duration.ofMinutes(4),
                Duration.ofMillis(240_000 + 240_000 / 32));
        assertThat(advice.choices().get(2).delay()).isEqualTo(Duration.ofMinutes(20));
        assertThat(advice.choices().get(2).finalsLater()).isEqualTo(Duration.ofMinutes(17));
        assertThat(advice.max()).isEqualTo(Duration.ofMinutes(20));
        assertThat(advice.p50()).isBetween(Duration.ofSeconds(29), Duration.ofSeconds(31));
    }

    @Test
    void withoutRecordsTheAdviceKeepsTheCurrentDelayAndCostsNothing() {
        Duration current = Duration.ofMinutes(3);
        DelayAdvice advice = DelayAdvice.of(new OutOfOrderWindow(Duration.ofHours(24), List.of(current)).snapshot(0),
                current);

        assertThat(advice.records()).isZero();
        assertThat(advice.currentKeeps()).isEqualTo(1.0);
        assertThat(advice.choices()).allSatisfy(c -> assertThat(c.delay()).isZero());
    }
}
