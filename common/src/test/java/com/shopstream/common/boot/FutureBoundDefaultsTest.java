package com.shopstream.common.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.eventtime.FutureBound;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The future bound a service runs with when nothing is configured (its rules: event-time's FutureBoundTest). */
class FutureBoundDefaultsTest {

    @Test
    void theDefaultsAreAnHourOfSkewAndAMinuteOfAllowance() {
        assertThat(ShopstreamProperties.defaults().futureBound())
                .isEqualTo(new FutureBound(Duration.ofHours(1), Duration.ofMinutes(1)));
    }
}
