package com.shopstream.common.testing;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.writebehind.BeforeCommit;
import java.util.Map;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The paths a service's topology runs: with its speed-ups, as a service runs by default; with write-behind alone off,
 * as an operator may run it; or the plain path, the readable reference. Golden tests run each and require the same
 * outputs.
 */
public enum SpeedUps {

    /** Rows written once per commit, events batched across repartitions, orders added up before their windows. */
    ON(true, true),
    /** The other speed-ups on, every change written when it is made ({@code shopstream.write-behind=false}). */
    WRITE_THROUGH(false, true),
    /**
     * Every change written when it is made ({@code shopstream.write-behind=false}), a record per event
     * ({@code shopstream.repartition-batch-size=1}), every order to its windows as itself
     * ({@code shopstream.orders.partial-aggregation=false}).
     */
    PLAIN(false, false);

    private final boolean writesBehind;
    private final boolean batches;

    SpeedUps(boolean writesBehind, boolean batches) {
        this.writesBehind = writesBehind;
        this.batches = batches;
    }

    /** The streams configuration for the driver, with this path's write-behind setting. */
    public TestStreams streams(String service) {
        return TestStreams.forDriver(service).with(BeforeCommit.WRITE_BEHIND_CONFIG, writesBehind);
    }

    /** {@code shopstream.*} as a service binds it without settings, on the plain path with a record per event. */
    public ShopstreamProperties common() {
        Map<String, String> settings = batches ? Map.of() : Map.of("shopstream.repartition-batch-size", "1");
        return new Binder(new MapConfigurationPropertySource(settings)).bindOrCreate("shopstream",
                ShopstreamProperties.class);
    }

    /** {@code configured}, or {@code 1} on the plain path. */
    public int repartitionBatchSize(int configured) {
        return batches ? configured : 1;
    }

    /** {@code configured}, or {@code false} on the plain path. */
    public boolean partialAggregation(boolean configured) {
        return batches && configured;
    }
}
