package com.shopstream.common.boot;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * Adds {@code shopstream-defaults.properties} (actuator exposure, probes, health groups, quiet client logs) as the
 * lowest-precedence property source, so every service has them and any service or deployment can override them.
 */
public class ShopstreamDefaultsEnvironmentPostProcessor implements EnvironmentPostProcessor {

    static final String SOURCE = "shopstream-defaults.properties";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        try {
            environment.getPropertySources().addLast(new ResourcePropertySource("shopstreamDefaults",
                    new ClassPathResource(SOURCE)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + SOURCE + " from the classpath", e);
        }
    }
}
