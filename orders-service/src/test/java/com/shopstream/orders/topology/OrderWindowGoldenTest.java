package com.shopstream.orders.topology;

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

/** The course material's shop stream through the real topology, checked against Spark's results at each checkpoint. */
class OrderWindowGoldenTest {

    @Test
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint() {
        TestStreams streams = TestStreams.forDriver("orders-service");
        OrderWindowConfig config = OrderWindowConfigs.contract(TestStreams.topics());
        ShopScenario scenario = ShopScenario.shop();
        try (StreamsHarness harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), config),
                streams)) {
            int fed = 0;
            for (Checkpoint checkpoint : ShopExpectations.shop().checkpoints()) {
                for (ScenarioEvent event : scenario.upTo(checkpoint.afterSeq())) {
                    if (event.seq() > fed && event.isOrder()) {
                        harness.pipe(event, "orders", "payments");
                    }
                }
                fed = checkpoint.afterSeq();
                harness.nextCommit();   // a checkpoint is a micro-batch: its update rows are out

                assertFinal(checkpoint, "orders-per-5m-final", harness.records("orders-per-5m-final"));
                assertFinal(checkpoint, "orders-per-10m-every-5m-final",
                        harness.records("orders-per-10m-every-5m-final"));
                assertLatest(checkpoint, "orders-per-5m", harness.records("orders-per-5m"));
                assertLate(checkpoint, "orders-service-late", harness.records("orders-service-late"));
            }
        }
    }
}
