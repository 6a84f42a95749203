package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** How much later finals come with another delay for one input, rule by rule. */
class FinalsShiftTest {

    private static final long MINUTE = 60_000;
    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final InputPartition ORDERS_1 = new InputPartition("orders", 1);
    private static final InputPartition PAYMENTS_0 = new InputPartition("payments", 0);
    private static final Function<String, Duration> THREE_MINUTES = topic -> Duration.ofMinutes(3);

    @Test
    void withOneInputItIsTheDifferenceOfTheDelays() {
        Map<InputPartition, Long> clocks = Map.of(ORDERS_0, 20 * MINUTE, ORDERS_1, 30 * MINUTE);

        assertThat(FinalsShift.of(clocks, THREE_MINUTES, "orders", Duration.ofMinutes(10)))
                .isEqualTo(Duration.ofMinutes(7));
        assertThat(FinalsShift.of(clocks, THREE_MINUTES, "orders", Duration.ofMinutes(1)))
                .isEqualTo(Duration.ofMinutes(-2));
    }

    @Test
    void anInputThatDoesNotHoldTheWatermarkShiftsItOnlyOnceItWould() {
        // orders at 20 min hold the watermark (17); payments at 40 min are at 37
        Map<InputPartition, Long> clocks = Map.of(ORDERS_0, 20 * MINUTE, PAYMENTS_0, 40 * MINUTE);

        assertThat(FinalsShift.of(clocks, THREE_MINUTES, "payments", Duration.ZERO)).as("no earlier")
                .isEqualTo(Duration.ZERO);
        assertThat(FinalsShift.of(clocks, THREE_MINUTES, "payments", Duration.ofMinutes(20)))
                .as("20 min: payments at 20, still behind the orders' 17").isEqualTo(Duration.ZERO);
        assertThat(FinalsShift.of(clocks, THREE_MINUTES, "payments", Duration.ofMinutes(25)))
                .as("25 min: payments at 15 hold it, 2 min later").isEqualTo(Duration.ofMinutes(2));
        assertThat(FinalsShift.of(clocks, THREE_MINUTES, "orders", Duration.ofMinutes(1)))
                .isEqualTo(Duration.ofMinutes(-2));
    }

    @Test
    void withoutClocksItFallsBackToTheDifferenceOfTheDelays() {
        assertThat(FinalsShift.of(Map.of(), THREE_MINUTES, "orders", Duration.ofMinutes(5)))
                .isEqualTo(Duration.ofMinutes(2));
        assertThat(FinalsShift.of(Map.of(ORDERS_0, InputClocks.NONE), THREE_MINUTES, "orders", Duration.ZERO))
                .isEqualTo(Duration.ofMinutes(-3));
    }
}
