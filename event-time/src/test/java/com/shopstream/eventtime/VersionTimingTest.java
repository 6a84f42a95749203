package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VersionTimingTest {

    private static final long NONE = InputClocks.NONE;

    @Test
    void aLookupIsSettledOnlyOnceTheWatermarkHasPassedItsTime() {
        assertThat(VersionTiming.settled(100, 100)).isFalse();
        assertThat(VersionTiming.settled(100, 101)).isTrue();
        assertThat(VersionTiming.settled(100, NONE)).isFalse();
    }

    @Test
    void aVersionAtOrAheadOfEveryWatermarkCountsFromItsValidFrom() {
        assertThat(VersionTiming.effective(100, 100, 90)).isEqualTo(new VersionTiming.Effective(100, null));
        assertThat(VersionTiming.effective(100, NONE, NONE)).isEqualTo(new VersionTiming.Effective(100, null));
        assertThat(VersionTiming.effective(100, 50, 100).onTime()).isTrue();
    }

    @Test
    void aVersionBehindItsOwnPartitionCountsFromThatPartitionsWatermark() {
        assertThat(VersionTiming.effective(99, 100, 90))
                .isEqualTo(new VersionTiming.Effective(100, LateCause.PARTITION_WATERMARK));
        assertThat(VersionTiming.effective(99, 100, 100))
                .isEqualTo(new VersionTiming.Effective(100, LateCause.PARTITION_WATERMARK));
    }

    @Test
    void aVersionBehindTheQueryAfterAnIdlePartitionCountsFromTheQuerysWatermark() {
        assertThat(VersionTiming.effective(99, 50, 120))
                .isEqualTo(new VersionTiming.Effective(120, LateCause.IDLE_PARTITION));
        assertThat(VersionTiming.effective(99, 100, 120))
                .isEqualTo(new VersionTiming.Effective(120, LateCause.IDLE_PARTITION));
        assertThat(VersionTiming.effective(99, NONE, 120))
                .isEqualTo(new VersionTiming.Effective(120, LateCause.IDLE_PARTITION));
    }
}
