package com.shopstream.eventtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The out-of-orderness histogram, rule by rule: exact small values, bounded buckets, quantiles that never fall short. */
class OutOfOrderHistogramTest {

    @Test
    void belowSixtyFourMillisecondsEveryValueHasItsOwnBucket() {
        for (long v = 0; v < 64; v++) {
            assertThat(OutOfOrderHistogram.upperEnd(OutOfOrderHistogram.bucket(v))).isEqualTo(v);
        }
    }

    @Test
    void aBucketHoldsItsValueAndIsNoWiderThanAThirtySecondOfIt() {
        for (long v : new long[] {64, 65, 100, 127, 128, 1_000, 59_999, 180_000, 3_600_000, 86_400_000L,
                OutOfOrderHistogram.LARGEST}) {
            long upper = OutOfOrderHistogram.upperEnd(OutOfOrderHistogram.bucket(v));
            assertThat(upper).as("upper end of %d's bucket", v).isGreaterThanOrEqualTo(v)
                    .isLessThanOrEqualTo(v + v / 32);
            assertThat(OutOfOrderHistogram.bucket(upper)).isEqualTo(OutOfOrderHistogram.bucket(v));
            assertThat(OutOfOrderHistogram.bucket(upper + 1)).isEqualTo(OutOfOrderHistogram.bucket(v) + 1);
        }
    }

    @Test
    void theDelayKeepingAShareKeepsAtLeastThatShare() {
        OutOfOrderHistogram histogram = new OutOfOrderHistogram();
        for (int i = 1; i <= 1_000; i++) {
            histogram.record(i * 1_000L);   // 1 s to 1,000 s behind
        }

        long p99 = histogram.delayKeeping(0.99);
        assertThat(p99).as("990 s keeps 990 records; a bucket's upper end at most 1/32 above")
                .isBetween(990_000L, 990_000L + 990_000L / 32);
        assertThat(histogram.delayKeeping(0.999)).isBetween(999_000L, 1_000_000L);
        assertThat(histogram.delayKeeping(1)).as("all: the exact maximum").isEqualTo(1_000_000L);
        assertThat(histogram.delayKeeping(0.5)).isBetween(500_000L, 500_000L + 500_000L / 32);
    }

    @Test
    void recordsInOrderNeedNoDelayAndNegativeOrHugeValuesAreClamped() {
        OutOfOrderHistogram histogram = new OutOfOrderHistogram();
        assertThat(histogram.delayKeeping(1)).as("before any record").isZero();
        histogram.record(0);
        histogram.record(-5);
        assertThat(histogram.delayKeeping(1)).isZero();
        histogram.record(Long.MAX_VALUE);
        assertThat(histogram.max()).isEqualTo(OutOfOrderHistogram.LARGEST);
        assertThat(histogram.total()).isEqualTo(3);
    }

    @Test
    void histogramsAddUp() {
        OutOfOrderHistogram a = new OutOfOrderHistogram();
        OutOfOrderHistogram b = new OutOfOrderHistogram();
        a.record(10);
        b.record(20);
        b.record(30);
        a.add(b);

        assertThat(a.total()).isEqualTo(3);
        assertThat(a.max()).isEqualTo(30);
        assertThat(a.delayKeeping(2.0 / 3)).isEqualTo(20);
        a.clear();
        assertThat(a.total()).isZero();
    }
}
