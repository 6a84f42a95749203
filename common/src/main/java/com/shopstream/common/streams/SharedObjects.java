package com.shopstream.common.streams;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/**
 * Objects a service shares with the handlers and processors Kafka Streams creates itself: they travel inside the
 * streams configuration, each under its own key, and each reader takes only the one it needs.
 */
public final class SharedObjects {

    private SharedObjects() {
    }

    /** The object under {@code key}, or a {@link ConfigException} naming what put it there. */
    public static <T> T get(Map<String, ?> streamsConfigs, String key, Class<T> type) {
        Object value = streamsConfigs.get(key);
        if (type.isInstance(value)) {
            return type.cast(value);
        }
        throw new ConfigException(key, value, "the streams configuration has no " + type.getSimpleName()
                + " under this key: build it with StreamsDefaults.apply, which puts the service's shared objects there "
                + "(StreamsRuntime.putInto)");
    }
}
