package com.shopstream.common.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class RenamedPropertiesEnvironmentPostProcessorTest {

    private final RenamedPropertiesEnvironmentPostProcessor renamed =
            new RenamedPropertiesEnvironmentPostProcessor(destination -> destination.get());

    @Test
    void theOldKeyStillSetsTheNewOneInAnyFormSpringBinds() {
        StandardEnvironment environment = environment(new SystemEnvironmentPropertySource("env",
                Map.of("SHOPSTREAM_DEDUP_DELAY", "90s")));

        renamed.postProcessEnvironment(environment, new SpringApplication());

        assertThat(environment.getProperty("shopstream.dedup.grace")).isEqualTo("90s");
    }

    @Test
    void theNewKeyWinsWhenBothAreSet() {
        StandardEnvironment environment = environment(new MapPropertySource("yml",
                Map.of("shopstream.dedup.delay", "90s", "shopstream.dedup.grace", "2m")));

        renamed.postProcessEnvironment(environment, new SpringApplication());

        assertThat(environment.getProperty("shopstream.dedup.grace")).isEqualTo("2m");
    }

    @Test
    void nothingIsAddedWithoutTheOldKey() {
        StandardEnvironment environment = environment(new MapPropertySource("yml", Map.of("shopstream.x", "1")));

        renamed.postProcessEnvironment(environment, new SpringApplication());

        assertThat(environment.getProperty("shopstream.dedup.grace")).isNull();
        assertThat(environment.getPropertySources().contains("shopstreamRenamedProperties")).isFalse();
    }

    private static StandardEnvironment environment(org.springframework.core.env.PropertySource<?> source) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(source);
        return environment;
    }
}
