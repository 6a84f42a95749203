package com.shopstream.dedup.topology;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.testing.SpeedUps;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.dedup.config.DedupProperties;

/** The topology's configuration as the service runs it without any settings: bound, not copied. */
final class DedupConfigs {

    private DedupConfigs() {
    }

    static DedupConfig defaults() {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        return DedupProperties.defaults().toConfig(common, common.lateTopic("dedup-service"), TestStreams.topics());
    }

    /** The defaults, with or without the speed-ups. */
    static DedupConfig on(SpeedUps path) {
        ShopstreamProperties common = path.common();
        return DedupProperties.defaults().toConfig(common, common.lateTopic("dedup-service"), TestStreams.topics());
    }
}
