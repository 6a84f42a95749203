package com.shopstream.dedup.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;

import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import org.junit.jupiter.api.Test;

/** The shop stream through both deduplications, checked against Spark's results at each checkpoint. */
class DedupGoldenTest {

    @Test
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint() {
        TestStreams streams = TestStreams.forDriver("dedup-service");
        ShopScenario scenario = ShopScenario.shop();
        try (StreamsHarness harness = new StreamsHarness(
                DedupTopology.build(streams.builder(), DedupConfig.contract(TestStreams.topics())), streams)) {
            int fed = 0;
            for (Checkpoint checkpoint : ShopExpectations.shop().checkpoints()) {
                for (ScenarioEvent event : scenario.upTo(checkpoint.afterSeq())) {
                    if (event.seq() > fed && event.isOrder()) {
                        harness.pipe(event, "orders", "payments");
                    }
                }
                fed = checkpoint.afterSeq();

                assertFinal(checkpoint, "orders-deduped", harness.records("orders-deduped"));
                assertFinal(checkpoint, "orders-deduped-by-id", harness.records("orders-deduped-by-id"));
                assertLate(checkpoint, "dedup-service-late", harness.records("dedup-service-late"));
            }
        }
    }
}
