package com.shopstream.session.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;
import static com.shopstream.common.testing.GoldenAssertions.assertLatest;

import com.shopstream.common.testing.ShopCheckpoints;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import org.junit.jupiter.api.Test;

/**
 * The shop stream through sessions and streaks, checked against Spark's results at each checkpoint. Customer 2's
 * session ends exactly at the watermark of checkpoint 9 (10:07:00): final by the contract, still open for Kafka
 * Streams' own session windows.
 */
class SessionGoldenTest {

    @Test
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint() {
        TestStreams streams = TestStreams.forDriver("session-service");
        try (StreamsHarness harness = new StreamsHarness(
                SessionTopology.build(streams.builder(), SessionConfigs.defaults()), streams)) {
            ShopCheckpoints.feed(harness, ShopCheckpoints.ordersOnly(harness), checkpoint -> {
                assertFinal(checkpoint, "customer-sessions-final", harness.records("customer-sessions-final"));
                assertLatest(checkpoint, "customer-streaks", harness.records("customer-streaks"));
                assertLate(checkpoint, "session-service-late", harness.records("session-service-late"));
            });
        }
    }
}
