package com.shopstream.common.boot;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.logging.Log;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.logging.DeferredLogFactory;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Keeps a renamed setting working for one release: where a deployment still sets the old key (in any form Spring
 * binds — {@code application.yml}, {@code SHOPSTREAM_DEDUP_DELAY}, a system property) and not the new one, its value
 * is given to the new key and the log says, once, which key to use instead.
 */
public class RenamedPropertiesEnvironmentPostProcessor implements EnvironmentPostProcessor {

    /** Old key → new key. Remove an entry one release after it was added. */
    static final Map<String, String> RENAMED = Map.of("shopstream.dedup.delay", "shopstream.dedup.grace");

    private final Log log;

    public RenamedPropertiesEnvironmentPostProcessor(DeferredLogFactory logs) {
        this.log = logs.getLog(RenamedPropertiesEnvironmentPostProcessor.class);
    }

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        Binder binder = Binder.get(environment);
        Map<String, Object> carried = new LinkedHashMap<>();
        RENAMED.forEach((old, renamed) -> binder.bind(old, String.class).ifBound(value -> {
            if (binder.bind(renamed, String.class).isBound()) {
                log.warn(old + " is set but ignored: " + renamed + " is set too, and is the one that counts");
            } else {
                log.warn(old + " is deprecated and will be removed in the next release: set " + renamed
                        + " instead (it takes the same value, " + value + ")");
                carried.put(renamed, value);
            }
        }));
        if (!carried.isEmpty()) {
            environment.getPropertySources().addFirst(new MapPropertySource("shopstreamRenamedProperties", carried));
        }
    }
}
