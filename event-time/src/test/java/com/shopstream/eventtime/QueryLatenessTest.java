package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A query's delays, rule by rule: one for every input, or one per input (Spark's withWatermark on each side). */
class QueryLatenessTest {

    private static final Duration THREE = Duration.ofMinutes(3);
    private static final Duration TEN = Duration.ofMinutes(10);
    private static final long MINUTE = 60_000;

    @Test
    void withOneDelayEveryPartitionsWatermarkAndTheQuerysAreTheClockMinusIt() {
        QueryLateness query = new QueryLateness("q", THREE, new EventTimeBound());

        assertThat(query.partitionWatermark("orders", 10 * MINUTE)).isEqualTo(7 * MINUTE);
        assertThat(query.watermark(10 * MINUTE)).isEqualTo(7 * MINUTE);
        assertThat(query.holdBack("orders")).isZero();
        assertThat(query.holdBacks(List.of("orders", "payments"))).isEmpty();
        assertThat(query.partitionWatermark("orders", InputClocks.NONE)).isEqualTo(InputClocks.NONE);
        assertThat(query.watermark(InputClocks.NONE)).isEqualTo(InputClocks.NONE);
    }

    @Test
    void withADelayPerInputTheQuerysDelayIsTheSmallestAndLongerInputsAreHeldBackByTheDifference() {
        QueryLateness query = QueryLateness.perInput("join", Map.of("orders", THREE, "payments", TEN),
                new EventTimeBound());

        assertThat(query.delay()).isEqualTo(THREE);
        assertThat(query.delayOf("orders")).isEqualTo(THREE);
        assertThat(query.delayOf("payments")).isEqualTo(TEN);
        assertThat(query.partitionWatermark("orders", 20 * MINUTE)).isEqualTo(17 * MINUTE);
        assertThat(query.partitionWatermark("payments", 20 * MINUTE)).isEqualTo(10 * MINUTE);
        assertThat(query.holdBacks(List.of("orders", "payments"))).containsExactly(Map.entry("payments", 7 * MINUTE));
    }

    @Test
    void theQuerysWatermarkFromTheHeldBackFrontierIsTheOldestPartitionWatermark() {
        QueryLateness query = QueryLateness.perInput("join", Map.of("orders", THREE, "payments", TEN),
                new EventTimeBound());
        long orders = 20 * MINUTE;
        long payments = 25 * MINUTE;
        long frontier = Math.min(orders - query.holdBack("orders"), payments - query.holdBack("payments"));

        assertThat(query.watermark(frontier)).isEqualTo(Math.min(query.partitionWatermark("orders", orders),
                query.partitionWatermark("payments", payments))).isEqualTo(15 * MINUTE);
    }

    @Test
    void equalDelaysPerInputAreOneDelay() {
        EventTimeBound rule = new EventTimeBound();
        QueryLateness query = QueryLateness.perInput("join", Map.of("orders", THREE, "payments", THREE), rule);

        assertThat(query).isEqualTo(new QueryLateness("join", THREE, rule));
    }

    @Test
    void aNegativeDelayIsRefusedNamingItsInput() {
        assertThatThrownBy(() -> QueryLateness.perInput("join", Map.of("orders", THREE,
                "payments", Duration.ofMinutes(-1)), new EventTimeBound()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("payments");
        assertThatThrownBy(() -> new QueryLateness("q", THREE, new EventTimeBound(), Map.of("payments",
                Duration.ofMinutes(1)))).as("an input delay below the query's: the query's is the smallest")
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("payments");
    }

    @Test
    void queriesSharingOneTableOfClocksMustAgreeOnTheirHoldBacks() {
        QueryLateness a = QueryLateness.perInput("a", Map.of("orders", THREE, "payments", TEN), new EventTimeBound());
        QueryLateness b = QueryLateness.perInput("b", Map.of("orders", Duration.ofMinutes(5),
                "payments", Duration.ofMinutes(12)), new EventTimeBound());
        QueryLateness c = new QueryLateness("c", THREE, new EventTimeBound());
        List<String> topics = List.of("orders", "payments");

        assertThat(QueryLateness.commonHoldBacks("step", topics, List.of(a, b)))
                .containsExactly(Map.entry("payments", 7 * MINUTE));
        assertThatThrownBy(() -> QueryLateness.commonHoldBacks("step", topics, List.of(a, c)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("step").hasMessageContaining("c");
    }
}
