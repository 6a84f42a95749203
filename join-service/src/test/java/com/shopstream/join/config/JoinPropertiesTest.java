package com.shopstream.join.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.BindException;

/** {@code shopstream.join.*} as the service binds it: each input's delay, and the settings it refuses. */
class JoinPropertiesTest {

    @Test
    void eachInputsDelayIsTheGraceUnlessItHasItsOwn() {
        JoinProperties defaults = JoinProperties.defaults();
        JoinProperties slowPayments = JoinProperties.bind(Map.of("shopstream.join.grace", "2m",
                "shopstream.join.payments-delay", "10m"));

        assertThat(defaults.ordersDelayOrGrace()).isEqualTo(defaults.grace());
        assertThat(defaults.paymentsDelayOrGrace()).isEqualTo(defaults.grace());
        assertThat(slowPayments.ordersDelayOrGrace()).isEqualTo(Duration.ofMinutes(2));
        assertThat(slowPayments.paymentsDelayOrGrace()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void aNegativeDelayRefusesToStartNamingTheSetting() {
        for (String key : new String[] {"shopstream.join.orders-delay", "shopstream.join.payments-delay",
                "shopstream.join.grace", "shopstream.join.bound"}) {
            assertThatThrownBy(() -> JoinProperties.bind(Map.of(key, "-1m"))).as(key)
                    .isInstanceOf(BindException.class).rootCause().hasMessageContaining(key);
        }
    }
}
