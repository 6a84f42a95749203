package com.shopstream.session.topology;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.session.config.SessionProperties;

/** The topology's configuration as the service runs it without any settings: bound, not copied. */
final class SessionConfigs {

    private SessionConfigs() {
    }

    static SessionConfig defaults() {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        return SessionProperties.defaults().toConfig(common, common.lateTopic("session-service"), TestStreams.topics());
    }
}
