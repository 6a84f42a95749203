package com.shopstream.orders.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;
import static com.shopstream.common.testing.GoldenAssertions.assertLatest;

import com.shopstream.common.testing.ShopCheckpoints;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import org.junit.jupiter.api.Test;

/** The course material's shop stream through the real topology, checked against Spark's results at each checkpoint. */
class OrderWindowGoldenTest {

    @Test
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint() {
        TestStreams streams = TestStreams.forDriver("orders-service");
        OrderWindowConfig config = OrderWindowConfigs.defaults();
        try (StreamsHarness harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), config),
                streams)) {
            ShopCheckpoints.feed(harness, ShopCheckpoints.ordersOnly(harness), checkpoint -> {
                assertFinal(checkpoint, "orders-per-5m-final", harness.records("orders-per-5m-final"));
                assertFinal(checkpoint, "orders-per-10m-every-5m-final",
                        harness.records("orders-per-10m-every-5m-final"));
                assertLatest(checkpoint, "orders-per-5m", harness.records("orders-per-5m"));
                assertLate(checkpoint, "orders-service-late", harness.records("orders-service-late"));
            });
        }
    }
}
