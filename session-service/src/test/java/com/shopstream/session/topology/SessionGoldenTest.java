package com.shopstream.session.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;
import static com.shopstream.common.testing.GoldenAssertions.assertLatest;

import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
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
        ShopScenario scenario = ShopScenario.shop();
        try (StreamsHarness harness = new StreamsHarness(
                SessionTopology.build(streams.builder(), SessionConfig.contract(TestStreams.topics())), streams)) {
            int fed = 0;
            for (Checkpoint checkpoint : ShopExpectations.shop().checkpoints()) {
                for (ScenarioEvent event : scenario.upTo(checkpoint.afterSeq())) {
                    if (event.seq() > fed && event.isOrder()) {
                        harness.pipe(event, "orders", "payments");
                    }
                }
                fed = checkpoint.afterSeq();

                assertFinal(checkpoint, "customer-sessions-final", harness.records("customer-sessions-final"));
                assertLatest(checkpoint, "customer-streaks", harness.records("customer-streaks"));
                assertLate(checkpoint, "session-service-late", harness.records("session-service-late"));
            }
        }
    }
}
