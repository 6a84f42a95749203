package com.shopstream.dedup.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;

import com.shopstream.common.testing.ShopCheckpoints;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import org.junit.jupiter.api.Test;

/** The shop stream through both deduplications, checked against Spark's results at each checkpoint. */
class DedupGoldenTest {

    @Test
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint() {
        TestStreams streams = TestStreams.forDriver("dedup-service");
        try (StreamsHarness harness = new StreamsHarness(
                DedupTopology.build(streams.builder(), DedupConfigs.defaults()), streams)) {
            ShopCheckpoints.feed(harness, ShopCheckpoints.ordersOnly(harness), checkpoint -> {
                assertFinal(checkpoint, "orders-deduped", harness.records("orders-deduped"));
                assertFinal(checkpoint, "orders-deduped-by-id", harness.records("orders-deduped-by-id"));
                assertLate(checkpoint, "dedup-service-late", harness.records("dedup-service-late"));
            });
        }
    }
}
