package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class DrainIntervalTest {

    private static final long SECOND = 1_000_000_000L;

    private final List<DrainSample> samples = List.of(
            new DrainSample(0, 100, 900, 1.0, 0.4, 0.5),
            new DrainSample(2 * SECOND, 300, 700, 2.0, 1.2, 1.0),       // slow while the JIT warms up
            new DrainSample(4 * SECOND, 600, 400, 3.0, 1.6, 1.5),       // past half of the 900 drained records
            new DrainSample(5 * SECOND, 1000, 0, 4.0, 1.7, 2.0));

    @Test
    void theWholeDrainRunsFromTheFirstCommitToNoLag() {
        DrainInterval whole = DrainInterval.whole(samples);

        assertThat(whole.records()).isEqualTo(900);
        assertThat(whole.seconds()).isEqualTo(5.0);
        assertThat(whole.recordsPerSecond()).isEqualTo(180.0);
        assertThat(whole.cpuSeconds()).isEqualTo(3.0);
        assertThat(whole.cpuMicrosPerRecord()).isCloseTo(3_333.3, within(0.1));
        assertThat(whole.jitCpuSeconds()).isCloseTo(1.3, within(1e-9));
        assertThat(whole.jitShare()).isCloseTo(1.3 / 3.0, within(1e-9));
        assertThat(whole.brokerCpuSeconds()).isEqualTo(1.5);
    }

    @Test
    void theSecondHalfStartsAtTheFirstSampleWithHalfTheRecordsCommitted() {
        DrainInterval warm = DrainInterval.secondHalf(samples);

        assertThat(warm.records()).isEqualTo(400);
        assertThat(warm.seconds()).isEqualTo(1.0);
        assertThat(warm.cpuSeconds()).isEqualTo(1.0);
        assertThat(warm.jitShare()).as("the JIT mostly done by then").isCloseTo(0.1, within(1e-9));
    }

    @Test
    void aJitNotMeasuredHasNoShare() {
        assertThat(new DrainInterval(100, 1, 2, DrainInterval.UNKNOWN, 0).jitShare()).isEqualTo(DrainInterval.UNKNOWN);
    }

    @Test
    void twoSamplesAreTheirOwnSecondHalf() {
        List<DrainSample> two = List.of(samples.get(0), samples.get(3));
        assertThat(DrainInterval.secondHalf(two)).isEqualTo(DrainInterval.whole(two));
    }
}
