package com.shopstream.payments.topology;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.payments.config.PaymentsProperties;

/** The topology's configuration as the service runs it without any settings: bound, not copied. */
final class PaymentsConfigs {

    private PaymentsConfigs() {
    }

    static PaymentsConfig defaults() {
        return PaymentsProperties.defaults().toConfig(ShopstreamProperties.defaults(), TestStreams.topics());
    }
}
