package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsumerPerformanceOutputTest {

    @Test
    void readsTheSummaryUnderItsHeader() {
        Map<String, String> summary = ConsumerPerformanceOutput.parse(List.of(
                "some log line",
                "start.time, end.time, data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, "
                        + "rebalance.time.ms, fetch.time.ms, fetch.MB.sec, fetch.nMsg.sec",
                "2026-11-29 15:34:05:123, 2026-11-29 15:34:09:456, 10.4658, 2.4154, 109746, 25328.3215, 3520, 813, "
                        + "12.8731, 134989.0529"));

        assertThat(summary).containsEntry("data.consumed.in.nMsg", "109746")
                .containsEntry("fetch.time.ms", "813")
                .containsEntry("fetch.nMsg.sec", "134989.0529");
    }

    @Test
    void failsWithoutASummary() {
        assertThatThrownBy(() -> ConsumerPerformanceOutput.parse(List.of("WARN nothing consumed")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
