package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The contract's boundaries: a window is final when watermark >= end; one millisecond either side of it. */
class LatenessRulesTest {

    private static final Duration FIVE = Duration.ofMinutes(5);
    private final TimeWindowLateness tumbling = new TimeWindowLateness(FIVE, FIVE);
    private final TimeWindowLateness hopping = new TimeWindowLateness(Duration.ofMinutes(10), FIVE);

    @Test
    void aTumblingWindowIsFinalExactlyWhenTheWatermarkReachesItsEnd() {
        long event = ms("10:03:00");

        assertThat(tumbling.refusal(event, ms("10:04:59.999")).none()).isTrue();
        Refusal atEnd = tumbling.refusal(event, ms("10:05:00"));
        assertThat(atEnd.all()).isTrue();
        assertThat(atEnd.refusedWindows()).containsExactly("2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
        assertThat(tumbling.refusal(event, ms("10:05:00.001")).all()).isTrue();
    }

    @Test
    void aRecordExactlyAtTheWatermarkIsOnTime() {
        long watermark = ms("10:07:00");

        assertThat(tumbling.refusal(watermark, watermark).none()).isTrue();
        assertThat(new EventTimeBound().refusal(watermark, watermark).none()).isTrue();
        assertThat(new EventTimeBound().refusal(watermark - 1, watermark).all()).isTrue();
        assertThat(new EventTimeBound().refusal(watermark + 1, watermark).none()).isTrue();
    }

    @Test
    void aHoppingWindowCanRefuseARecordThatALaterWindowCounts() {
        // order 160 of the shop scenario: 10:03 when the watermark is 10:07
        Refusal refusal = hopping.refusal(ms("10:03:00"), ms("10:07:00"));

        assertThat(refusal.partial()).isTrue();
        assertThat(refusal.refusedWindows()).containsExactly("2026-01-22T09:55:00Z/2026-01-22T10:05:00Z");
        assertThat(refusal.count()).isEqualTo(1);
        Refusal both = hopping.refusal(ms("10:03:00"), ms("10:10:00"));
        assertThat(both.all()).isTrue();
        assertThat(both.refusedWindows()).containsExactly(
                "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z", "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z");
    }

    @Test
    void aWindowStartIsInclusive() {
        // 10:05:00 belongs to [10:05,10:10) only, which is still open at watermark 10:05
        assertThat(tumbling.refusal(ms("10:05:00"), ms("10:05:00")).none()).isTrue();
        assertThat(tumbling.refusal(ms("10:04:59.999"), ms("10:05:00")).all()).isTrue();
    }

    @Test
    void aWindowTakesRecordsUntilTheWatermarkReachesItsEndPlusTheAllowedLateness() {
        TimeWindowLateness lenient = new TimeWindowLateness(FIVE, FIVE, Duration.ofMinutes(2));
        long event = ms("10:03:00");

        // final at 10:05, still revised until 10:07
        assertThat(lenient.refusal(event, ms("10:05:00")).none()).isTrue();
        assertThat(lenient.refusal(event, ms("10:06:59.999")).none()).isTrue();
        Refusal past = lenient.refusal(event, ms("10:07:00"));
        assertThat(past.all()).isTrue();
        assertThat(past.refusedWindows()).containsExactly("2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
        assertThat(past.reason()).isEqualTo("every window it belongs to is past its allowed lateness");
        assertThat(lenient.refuses(ms("10:00:00"), ms("10:06:59.999"))).isFalse();
        assertThat(lenient.refuses(ms("10:00:00"), ms("10:07:00"))).isTrue();
        assertThat(lenient.refuses(ms("10:00:00"), InputClocks.NONE)).isFalse();
    }

    @Test
    void aHoppingWindowPastItsAllowedLatenessRefusesWhileTheNextOneCounts() {
        TimeWindowLateness lenient = new TimeWindowLateness(Duration.ofMinutes(10), FIVE, Duration.ofMinutes(1));

        Refusal refusal = lenient.refusal(ms("10:03:00"), ms("10:06:00"));

        assertThat(refusal.partial()).isTrue();
        assertThat(refusal.refusedWindows()).containsExactly("2026-01-22T09:55:00Z/2026-01-22T10:05:00Z");
        assertThat(refusal.reason()).isEqualTo("some of its windows are past their allowed lateness");
        assertThat(lenient.refusal(ms("10:03:00"), ms("10:05:59.999")).none()).isTrue();
    }

    @Test
    void noAllowedLatenessIsTheFinalWindowRule() {
        TimeWindowLateness none = new TimeWindowLateness(FIVE, FIVE, Duration.ZERO);

        assertThat(none.refusal(ms("10:03:00"), ms("10:05:00"))).isEqualTo(tumbling.refusal(ms("10:03:00"),
                ms("10:05:00")));
        assertThat(none.refusal(ms("10:03:00"), ms("10:04:59.999")).none()).isTrue();
        assertThat(none.allowedLateness()).isZero();
    }

    @Test
    void aSessionIntervalIsFinalWhenTheWatermarkReachesEventTimePlusGap() {
        SessionLateness sessions = new SessionLateness(Duration.ofMinutes(3));

        assertThat(sessions.refusal(ms("10:03:00"), ms("10:05:59.999")).none()).isTrue();
        assertThat(sessions.refusal(ms("10:03:00"), ms("10:06:00")).all()).isTrue();
        assertThat(sessions.refusal(ms("10:03:00"), ms("10:07:00")).refusedWindows())
                .containsExactly("2026-01-22T10:03:00Z/2026-01-22T10:06:00Z");
    }

    @Test
    void aSessionIntervalTakesRecordsUntilTheWatermarkReachesItsEndPlusTheAllowedLateness() {
        SessionLateness sessions = new SessionLateness(Duration.ofMinutes(3), Duration.ofMinutes(2));

        assertThat(sessions.refusal(ms("10:03:00"), ms("10:06:00")).none()).isTrue();
        assertThat(sessions.refusal(ms("10:03:00"), ms("10:07:59.999")).none()).isTrue();
        Refusal past = sessions.refusal(ms("10:03:00"), ms("10:08:00"));
        assertThat(past.all()).isTrue();
        assertThat(past.refusedWindows()).containsExactly("2026-01-22T10:03:00Z/2026-01-22T10:06:00Z");
        assertThat(past.reason()).isEqualTo("its session interval is past its allowed lateness");
        assertThatThrownBy(() -> new SessionLateness(FIVE, Duration.ofMillis(-1)))
                .hasMessageContaining("allowed lateness must not be negative");
    }

    @Test
    void nothingIsLateBeforeTheFirstRecord() {
        assertThat(tumbling.refusal(0, InputClocks.NONE).none()).isTrue();
        assertThat(new EventTimeBound().refusal(0, InputClocks.NONE).none()).isTrue();
        assertThat(new SessionLateness(FIVE).refusal(0, InputClocks.NONE).none()).isTrue();
    }

    @Test
    void rejectsWindowsThatCannotExist() {
        assertThatThrownBy(() -> new TimeWindowLateness(FIVE, Duration.ofMinutes(6)))
                .hasMessageContaining("advance PT6M is larger than its size PT5M");
        assertThatThrownBy(() -> new TimeWindowLateness(Duration.ZERO, Duration.ZERO))
                .hasMessageContaining("must be positive");
        assertThatThrownBy(() -> new TimeWindowLateness(FIVE, FIVE, Duration.ofSeconds(-1)))
                .hasMessageContaining("allowed lateness must not be negative: PT-1S");
    }

    private static long ms(String time) {
        return Instant.parse("2026-01-22T" + time + "Z").toEpochMilli();
    }
}
