package com.shopstream.dedup.topology;

import com.shopstream.common.boot.ShopstreamProperties;
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
}
