package com.shopstream.session.topology;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.testing.SpeedUps;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.session.config.SessionProperties;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/** The topology's configuration as the service runs it without any settings, or with some: bound, not copied. */
final class SessionConfigs {

    private SessionConfigs() {
    }

    static SessionConfig defaults() {
        return with(Map.of());
    }

    /** The defaults, with or without the speed-ups. */
    static SessionConfig on(SpeedUps path) {
        ShopstreamProperties common = path.common();
        return SessionProperties.defaults().toConfig(common, common.lateTopic("session-service"), TestStreams.topics());
    }

    /** As the service binds {@code settings} ({@code shopstream.session.*} names, as in application.yml). */
    static SessionConfig with(Map<String, String> settings) {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        SessionProperties session = new Binder(new MapConfigurationPropertySource(settings))
                .bindOrCreate("shopstream.session", SessionProperties.class);
        return session.toConfig(common, common.lateTopic("session-service"), TestStreams.topics());
    }
}
