package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PercentilesTest {

    @Test
    void nearestRankOfObservedSamples() {
        long[] samples = new long[100];
        for (int i = 0; i < 100; i++) {
            samples[i] = 100 - i; // unsorted: 100 down to 1
        }
        Percentiles percentiles = new Percentiles(samples);

        assertThat(percentiles.at(50)).isEqualTo(50);
        assertThat(percentiles.at(99)).isEqualTo(99);
        assertThat(percentiles.at(100)).isEqualTo(100);
        assertThat(percentiles.max()).isEqualTo(100);
        assertThat(percentiles.count()).isEqualTo(100);
    }

    @Test
    void aSingleSampleIsEveryPercentile() {
        Percentiles one = new Percentiles(new long[] {7});
        assertThat(one.at(1)).isEqualTo(7);
        assertThat(one.at(99)).isEqualTo(7);
    }

    @Test
    void noSamplesHaveNoPercentile() {
        assertThat(new Percentiles(new long[0]).at(50)).isEqualTo(-1);
        assertThatThrownBy(() -> new Percentiles(new long[] {1}).at(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
