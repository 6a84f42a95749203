package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionConfigTest {

    @Test
    void theAllowedLatenessIsZeroUnlessSetAndNeverNegative() {
        assertThat(SessionConfigs.defaults().allowedLateness()).isZero();
        assertThat(SessionConfigs.with(Map.of("shopstream.session.allowed-lateness", "90s")).allowedLateness())
                .isEqualTo(Duration.ofSeconds(90));
        assertThatThrownBy(() -> SessionConfigs.with(Map.of("shopstream.session.allowed-lateness", "-1s")))
                .hasStackTraceContaining("shopstream.session.allowed-lateness must not be negative: PT-1S");
    }
}
