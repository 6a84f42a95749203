package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the process knows of the brokers' clock: from appended records and its monotonic clock, not its wall clock. */
class BrokerClockTest {

    private static final long BROKER = 1_800_000_000_000L;
    private static final long DAY = 86_400_000L;

    private long nanos = 5_000_000_000L;
    private long wall = BROKER + DAY;   // a pod whose wall clock runs a day ahead
    private final BrokerClock clock = new BrokerClock(() -> nanos, () -> wall);

    @Test
    void nothingIsKnownBeforeAnAppendedRecordIsRead() {
        clock.read("payments", BROKER);   // a topic whose timestamp type is not known yet

        assertThat(clock.now()).isEmpty();
        assertThat(clock.bound(wall, 60_000)).isEqualTo(wall);
    }

    @BeforeEach
    void ordersIsALogAppendTimeTopic() {
        clock.timestampType("orders", true);
    }

    @Test
    void theBrokersTimeIsTheNewestAppendTimeReadPlusTheTimeSinceOnTheMonotonicClock() {
        clock.read("orders", BROKER);
        elapse(1_500);
        clock.read("orders", BROKER - 60_000);   // an older record read later says nothing new

        assertThat(clock.now()).isEqualTo(OptionalLong.of(BROKER + 1_500));
        clock.read("orders", BROKER + 10_000);   // a newer one does
        assertThat(clock.now()).isEqualTo(OptionalLong.of(BROKER + 10_000));
    }

    @Test
    void aTimestampAheadOfTheBrokersTimeByMoreThanTheMarginIsBoundedOthersAreNot() {
        clock.read("orders", BROKER);

        assertThat(clock.bound(wall, 60_000)).isEqualTo(BROKER + 60_000);
        assertThat(clock.bound(BROKER + 59_999, 60_000)).isEqualTo(BROKER + 59_999);
        assertThat(clock.bound(BROKER - DAY, 60_000)).isEqualTo(BROKER - DAY);
    }

    @Test
    void theWallClocksOffsetIsTheSmallestRecentSampleOfRecordsReadAsTheyArrived() {
        clock.read("orders", BROKER);
        assertThat(clock.caughtUp("orders", OptionalLong.of(0))).isTrue();
        assertThat(clock.caughtUp("orders", OptionalLong.of(3))).isFalse();
        assertThat(clock.caughtUp("orders", OptionalLong.empty())).isFalse();

        clock.sampleOffset(BROKER - 40);   // read 40 ms after its append
        clock.sampleOffset(BROKER - 5);
        clock.sampleOffset(BROKER - 300);

        assertThat(clock.wallClockOffset()).isEqualTo(OptionalLong.of(DAY + 5));
    }

    @Test
    void aClockSetRightSinceIsSeenWithinFiveMinutes() {
        clock.sampleOffset(BROKER);
        wall = BROKER + 10;   // NTP fixed it
        clock.sampleOffset(BROKER);
        assertThat(clock.wallClockOffset()).isEqualTo(OptionalLong.of(10));   // a smaller sample counts at once

        wall = BROKER + DAY;   // and a larger one once the smaller ones are five minutes old
        elapse(151_000);
        clock.sampleOffset(BROKER);
        assertThat(clock.wallClockOffset()).isEqualTo(OptionalLong.of(10));
        elapse(151_000);
        clock.sampleOffset(BROKER);
        assertThat(clock.wallClockOffset()).isEqualTo(OptionalLong.of(DAY));
    }

    @Test
    void anOffsetNotMeasuredForFiveMinutesIsNotKnownAnyMore() {
        clock.sampleOffset(BROKER);
        elapse(151_000);
        assertThat(clock.wallClockOffset()).isEqualTo(OptionalLong.of(DAY));

        elapse(151_000);

        assertThat(clock.wallClockOffset()).isEmpty();
    }

    @Test
    void aRepartitionRecordsStampTellsALowerBoundAndNothingTellsNothing() {
        clock.readAtLeast(0);
        clock.readAtLeast(-60_000);
        assertThat(clock.now()).isEmpty();

        clock.readAtLeast(BROKER);
        elapse(10);

        assertThat(clock.now()).isEqualTo(OptionalLong.of(BROKER + 10));
    }

    @Test
    void aTopicOnCreateTimeIsNamedAndGivesNoOffsetSamplesNorTheBrokersTime() {
        clock.timestampType("payments-raw", false);
        clock.read("payments-raw", BROKER);

        assertThat(clock.logAppendTime("payments-raw")).contains(false);
        assertThat(clock.caughtUp("payments-raw", OptionalLong.of(0))).isFalse();
        assertThat(clock.topics()).containsEntry("payments-raw", false);
        assertThat(clock.now()).isEmpty();
    }

    private void elapse(long millis) {
        nanos += millis * 1_000_000;
    }
}
