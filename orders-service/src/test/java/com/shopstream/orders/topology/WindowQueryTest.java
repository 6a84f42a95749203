package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.testing.TestStreams;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WindowQueryTest {

    private static final Duration FIVE = Duration.ofMinutes(5);

    @Test
    void rejectsAnAdvanceLargerThanTheSize() {
        assertThatThrownBy(() -> WindowQuery.hopping("q", FIVE, Duration.ofMinutes(6), FIVE, "u", null))
                .hasMessage("window query q: advance PT6M is larger than size PT5M (windows would leave gaps)");
    }

    @Test
    void rejectsANegativeGrace() {
        assertThatThrownBy(() -> WindowQuery.tumbling("q", FIVE, Duration.ofSeconds(-1), "u", null))
                .hasMessage("window query q: grace (the watermark delay) must not be negative: PT-1S");
    }

    @Test
    void rejectsAQueryWithoutOutput() {
        assertThatThrownBy(() -> WindowQuery.tumbling("q", FIVE, FIVE, " ", null))
                .hasMessage("window query q: writes no output: set update-topic, final-topic or both");
    }

    @Test
    void rejectsTwoQueriesWithOneNameOrOneTopic() {
        assertThatThrownBy(() -> OrderWindowConfigs.of(TestStreams.topics(), List.of(
                WindowQuery.tumbling("q", FIVE, FIVE, "a", null), WindowQuery.tumbling("q", FIVE, FIVE, "b", null))))
                .hasMessage("two window queries are named q");
        assertThatThrownBy(() -> OrderWindowConfigs.of(TestStreams.topics(), List.of(
                WindowQuery.tumbling("q", FIVE, FIVE, "a", null), WindowQuery.tumbling("r", FIVE, FIVE, null, "a"))))
                .hasMessage("topic a is written by two outputs");
    }

    @Test
    void defaultsToTumblingAndToARetentionOfAnHourOrTheSize() {
        WindowQuery query = new WindowQuery("q", FIVE, null, Duration.ofMinutes(3), null, "u", null, null);
        WindowQuery daily = new WindowQuery("d", Duration.ofDays(1), null, FIVE, null, "u", null, null);

        assertThat(query.advance()).isEqualTo(FIVE);
        assertThat(query.retention()).isEqualTo(Duration.ofHours(1));
        assertThat(daily.retention()).isEqualTo(Duration.ofDays(1));
        assertThatThrownBy(() -> new WindowQuery("r", FIVE, null, FIVE, null, "u", null, Duration.ofMinutes(4)))
                .hasMessageContaining("retention PT4M is shorter than the window (PT5M)");
    }

    @Test
    void anAllowedLatenessIsNotNegativeAndTheRetentionKeepsAWindowUntilItEnds() {
        assertThatThrownBy(() -> new WindowQuery("q", FIVE, null, FIVE, null, "u", null, null, Duration.ofSeconds(-1)))
                .hasMessage("window query q: allowed-lateness must not be negative: PT-1S");
        assertThat(new WindowQuery("q", FIVE, null, FIVE, null, "u", null, null, null).allowedLateness())
                .isZero();
        assertThat(new WindowQuery("q", FIVE, null, FIVE, null, "u", null, null, Duration.ofMinutes(30))
                .retention()).as("the default hour holds size + lateness").isEqualTo(Duration.ofHours(1));
        assertThat(new WindowQuery("q", Duration.ofHours(1), null, FIVE, null, "u", null, null, FIVE).retention())
                .as("else the default grows to it").isEqualTo(Duration.ofMinutes(65));
        assertThatThrownBy(() -> new WindowQuery("q", FIVE, null, FIVE, null, "u", null, Duration.ofMinutes(6),
                Duration.ofMinutes(2)))
                .hasMessage("window query q: retention PT6M is shorter than the window (PT5M) plus its "
                        + "allowed-lateness (PT2M): a window must take its last record before it goes");
    }

    @Test
    void theServiceWideAllowedLatenessIsEveryQuerysUnlessOneSetsItsOwn() {
        OrderWindowConfig contract = OrderWindowConfigs.boundFrom(java.util.Map.of(
                "shopstream.orders.allowed-lateness", "2m"));
        OrderWindowConfig own = OrderWindowConfigs.boundFrom(java.util.Map.of(
                "shopstream.orders.allowed-lateness", "2m",
                "shopstream.orders.queries[0].name", "a", "shopstream.orders.queries[0].size", "5m",
                "shopstream.orders.queries[0].final-topic", "a-final",
                "shopstream.orders.queries[1].name", "b", "shopstream.orders.queries[1].size", "5m",
                "shopstream.orders.queries[1].final-topic", "b-final",
                "shopstream.orders.queries[1].allowed-lateness", "7m"));

        assertThat(contract.queries()).extracting(WindowQuery::allowedLateness)
                .containsExactly(Duration.ofMinutes(2), Duration.ofMinutes(2));
        assertThat(own.queries()).extracting(WindowQuery::allowedLateness)
                .containsExactly(Duration.ofMinutes(2), Duration.ofMinutes(7));
        assertThat(OrderWindowConfigs.defaults().queries()).extracting(WindowQuery::allowedLateness)
                .containsOnly(Duration.ZERO);
        assertThatThrownBy(() -> OrderWindowConfigs.boundFrom(java.util.Map.of(
                "shopstream.orders.allowed-lateness", "-1m")))
                .hasStackTraceContaining("shopstream.orders.allowed-lateness must not be negative: PT-1M");
    }
}
