package com.shopstream.common.testing;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.writebehind.BeforeCommit;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The two paths a service's topology runs: with its speed-ups, as a service runs by default, or the plain path, the
 * readable reference. Golden tests run both and require the same outputs.
 */
public enum SpeedUps {

    /** Rows written once per commit, events batched across repartitions, orders added up before their windows. */
    ON,
    /**
     * Every change written when it is made ({@code shopstream.write-behind=false}), a record per event
     * ({@code shopstream.repartition-batch-size=1}), every order to its windows as itself
     * ({@code shopstream.orders.partial-aggregation=false}).
     */
    PLAIN;

    /** The streams configuration for the driver, with this path's write-behind setting. */
    public TestStreams streams(String service) {
        return TestStreams.forDriver(service).with(BeforeCommit.WRITE_BEHIND_CONFIG, this == ON);
    }

    /** {@code shopstream.*} as a service binds it without settings, on the plain path with a record per event. */
    public ShopstreamProperties common() {
        Map<String, String> settings = this == ON ? Map.of() : Map.of("shopstream.repartition-batch-size", "1");
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("shopstream",
                ShopstreamProperties.class);
    }

    /** {@code configured} with the speed-ups, {@code 1} on the plain path. */
    public int repartitionBatchSize(int configured) {
        return this == ON ? configured : 1;
    }

    /** {@code configured} with the speed-ups, {@code false} on the plain path. */
    public boolean partialAggregation(boolean configured) {
        return this == ON && configured;
    }
}
