package com.shopstream.join.topology;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.testing.SpeedUps;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.join.config.JoinProperties;
import java.util.Map;

/** The topology's configuration as the service runs it without any settings: bound, not copied. */
final class JoinConfigs {

    private JoinConfigs() {
    }

    static JoinConfig defaults() {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        return JoinProperties.defaults().toConfig(common, common.lateTopic("join-service"), TestStreams.topics());
    }

    /** The service's configuration with these {@code shopstream.join.*} settings, bound as the service binds them. */
    static JoinConfig with(Map<String, String> settings) {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        return JoinProperties.bind(settings).toConfig(common, common.lateTopic("join-service"), TestStreams.topics());
    }

    /** The defaults, with or without the speed-ups. */
    static JoinConfig on(SpeedUps path) {
        ShopstreamProperties common = path.common();
        return JoinProperties.defaults().toConfig(common, common.lateTopic("join-service"), TestStreams.topics());
    }
}
