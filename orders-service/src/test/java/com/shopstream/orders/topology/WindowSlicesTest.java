package com.shopstream.orders.topology;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.TimeWindowLateness;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The slicing rules, one by one, and against the source step's own lateness rule ({@link TimeWindowLateness}). */
class WindowSlicesTest {

    private static final Duration GRACE = Duration.ofMinutes(3);
    private static final List<WindowQuery> CONTRACT = WindowQuery.contractDefaults(GRACE);

    @Test
    void aSliceIsTheLargestSpanThatDividesEverySizeAndAdvance() {
        assertThat(WindowSlices.of(CONTRACT).length()).isEqualTo(Duration.ofMinutes(5).toMillis());
        assertThat(WindowSlices.of(List.of(tumbling(Duration.ofMinutes(15)), tumbling(Duration.ofMinutes(10))))
                .length()).isEqualTo(Duration.ofMinutes(5).toMillis());
        assertThat(WindowSlices.of(List.of(WindowQuery.hopping("h", Duration.ofHours(1), Duration.ofSeconds(140),
                GRACE, "u", null))).length()).isEqualTo(Duration.ofSeconds(20).toMillis());
        assertThat(WindowSlices.of(List.of(tumbling(Duration.ofHours(1)))).length())
                .isEqualTo(Duration.ofHours(1).toMillis());
    }

    @Test
    void aSliceIsDueWhenItsPartitionsClockCouldMakeItsFirstWindowFinal() {
        WindowSlices slices = WindowSlices.of(CONTRACT);
        long slice = ms("10:00:00");

        // [10:00,10:05) of the tumbling query and [09:55,10:05) of the hopping one both end at 10:05; delay 3 min
        assertThat(slices.dueAt(slice)).isEqualTo(ms("10:08:00"));
        assertThat(slices.earliestEnd(slice)).isEqualTo(ms("10:05:00"));
        assertThat(slices.start(ms("10:04:59.999"))).isEqualTo(slice);
        assertThat(slices.start(ms("10:05:00"))).isEqualTo(ms("10:05:00"));
    }

    @Test
    void withQueriesOfDifferentDelaysTheEarliestClosingWindowDecides() {
        WindowSlices slices = WindowSlices.of(List.of(
                WindowQuery.tumbling("late-ok", Duration.ofMinutes(5), Duration.ofMinutes(30), "a", null),
                WindowQuery.tumbling("ten", Duration.ofMinutes(10), Duration.ofMinutes(1), "b", null)));

        // [10:00,10:05) + 30 min, and [10:00,10:10) + 1 min: the second comes first
        assertThat(slices.dueAt(ms("10:00:00"))).isEqualTo(ms("10:11:00"));
        assertThat(slices.earliestEnd(ms("10:00:00"))).isEqualTo(ms("10:05:00"));
    }

    @Test
    void anOrderIsCombinedOnlyWhenNoWindowOfAnyQueryRefusesIt() {
        WindowSlices slices = WindowSlices.of(CONTRACT);

        assertThat(slices.countsEverywhere(ms("10:03:00"), InputClocks.NONE)).isTrue();
        assertThat(slices.countsEverywhere(ms("10:03:00"), ms("10:07:59.999"))).isTrue();
        // watermark 10:05: [10:00,10:05) refuses it (the hopping [10:00,10:10) would still count it)
        assertThat(slices.countsEverywhere(ms("10:03:00"), ms("10:08:00"))).isFalse();
        assertThat(slices.countsEverywhere(Duration.ofMinutes(9).toMillis(), InputClocks.NONE))
                .as("windows near the epoch are cut at 0").isFalse();
    }

    @Test
    void countsEverywhereAgreesWithTheSourceStepsRuleForEveryQuery() {
        List<List<WindowQuery>> layouts = List.of(CONTRACT,
                List.of(tumbling(Duration.ofMinutes(15)), tumbling(Duration.ofMinutes(10))),
                List.of(WindowQuery.hopping("h", Duration.ofMinutes(12), Duration.ofMinutes(4), Duration.ofMinutes(7),
                        "u", null), WindowQuery.tumbling("t", Duration.ofMinutes(6), Duration.ZERO, "v", null)));
        Random random = new Random(16);
        for (List<WindowQuery> layout : layouts) {
            WindowSlices slices = WindowSlices.of(layout);
            for (int i = 0; i < 20_000; i++) {
                long eventTime = ms("10:00:00") + random.nextInt(3_600_000);
                long newestBefore = eventTime + random.nextInt(1_800_000) - 900_000;
                boolean refusedSomewhere = layout.stream().anyMatch(query ->
                        !new TimeWindowLateness(query.size(), query.advance())
                                .refusal(eventTime, newestBefore - query.grace().toMillis()).none());

                assertThat(slices.countsEverywhere(eventTime, newestBefore))
                        .as("%s at %s, clock %s", layout, Instant.ofEpochMilli(eventTime),
                                Instant.ofEpochMilli(newestBefore))
                        .isEqualTo(!refusedSomewhere);
            }
        }
    }

    @Test
    void everyEventTimeOfASliceHasTheWindowsOfItsStart() {
        List<WindowQuery> layout = List.of(WindowQuery.hopping("h", Duration.ofMinutes(12), Duration.ofMinutes(4),
                GRACE, "u", null), tumbling(Duration.ofMinutes(6)));
        WindowSlices slices = WindowSlices.of(layout);
        Random random = new Random(5);
        for (int i = 0; i < 10_000; i++) {
            long eventTime = ms("10:00:00") + random.nextInt(7_200_000);
            long start = slices.start(eventTime);
            for (WindowQuery query : layout) {
                TimeWindowLateness windows = new TimeWindowLateness(query.size(), query.advance());
                assertThat(windows.firstStart(eventTime)).isEqualTo(windows.firstStart(start));
            }
        }
    }

    @Test
    void anOrderMayCloseAWindowWhenItTakesAWatermarkAcrossAWindowEnd() {
        WindowSlices slices = WindowSlices.of(CONTRACT);

        assertThat(slices.mayClose(InputClocks.NONE, ms("10:00:00"))).as("the first clock").isTrue();
        assertThat(slices.mayClose(ms("10:06:00"), ms("10:07:59.999"))).isFalse();
        // watermark 10:04:59.999 -> 10:05:00, the end of [10:00,10:05)
        assertThat(slices.mayClose(ms("10:07:59.999"), ms("10:08:00"))).isTrue();
        assertThat(slices.mayClose(ms("10:08:00"), ms("10:08:00"))).isFalse();
        assertThat(slices.mayClose(ms("10:08:00"), ms("10:12:59"))).isFalse();
        assertThat(slices.mayClose(ms("10:08:00"), ms("11:00:00"))).isTrue();
    }

    @Test
    void mayCloseAgreesWithCountingWindowEndsOneByOne() {
        List<WindowQuery> layout = List.of(WindowQuery.hopping("h", Duration.ofMinutes(12), Duration.ofMinutes(4),
                Duration.ofMinutes(2), "u", null), tumbling(Duration.ofMinutes(6)));
        WindowSlices slices = WindowSlices.of(layout);
        Random random = new Random(11);
        for (int i = 0; i < 5_000; i++) {
            long before = ms("10:00:00") + random.nextInt(3_600_000);
            long after = before + random.nextInt(600_000);
            boolean crosses = false;
            for (WindowQuery query : layout) {
                long size = query.size().toMillis();
                long advance = query.advance().toMillis();
                long delay = query.grace().toMillis();
                // from a window that starts at 09:00 (a multiple of both advances since the epoch)
                for (long end = ms("09:00:00") + size; end <= after - delay; end += advance) {
                    crosses |= end > before - delay;
                }
            }
            assertThat(slices.mayClose(before, after)).isEqualTo(crosses);
        }
    }

    private static WindowQuery tumbling(Duration size) {
        return WindowQuery.tumbling("t" + size.toMinutes(), size, GRACE, "t" + size.toMinutes(), null);
    }
}
