package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.testing.TestStreams;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * Pins the names of state stores and internal topics: renaming one orphans its state (and its changelog) in a
 * running deployment, so a rename must fail here first and be done on purpose, with a migration note.
 */
class OrderWindowNamingTest {

    @Test
    void storesAndInternalTopicsKeepTheirNames() {
        TopologyDescription description = OrderWindowTopology.build(TestStreams.forDriver("naming").builder(),
                OrderWindowConfigs.defaults()).describe();

        assertThat(TopologyNames.stores(description)).containsExactly("orders-by-all-batches",
                "orders-by-all-batches-before-commit", "orders-by-all-slices", "orders-by-all-slices-before-commit",
                "orders-by-all-watermarks", "orders-by-all-watermarks-before-commit", "orders-per-10m-every-5m-store",
                "orders-per-10m-every-5m-store-before-commit", "orders-per-5m-store",
                "orders-per-5m-store-before-commit", "orders-watermarks", "orders-watermarks-before-commit");
        assertThat(TopologyNames.topics(description)).containsExactly(
                "orders",
                "orders-by-all-repartition",
                "orders-per-10m-every-5m",
                "orders-per-10m-every-5m-final",
                "orders-per-5m",
                "orders-per-5m-final",
                "orders-service-late");
    }
}
