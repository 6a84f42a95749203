package com.shopstream.join.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;

import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import org.junit.jupiter.api.Test;

/** The shop stream (orders and payments, keyed by order) through the join, checked at each checkpoint. */
class JoinGoldenTest {

    @Test
    void theShopScenarioGivesTheContractsResultsAtEveryCheckpoint() {
        TestStreams streams = TestStreams.forDriver("join-service");
        ShopScenario scenario = ShopScenario.shop();
        try (StreamsHarness harness = new StreamsHarness(
                OrderPaymentJoinTopology.build(streams.builder(), JoinConfig.contract(TestStreams.topics())),
                streams)) {
            int fed = 0;
            for (Checkpoint checkpoint : ShopExpectations.shop().checkpoints()) {
                for (ScenarioEvent event : scenario.upTo(checkpoint.afterSeq())) {
                    if (event.seq() > fed) {
                        // payments reach join-service keyed by order_id (payments-service re-keys them)
                        String topic = event.isOrder() ? "orders" : "payments";
                        harness.pipe(topic, Long.toString(event.orderId()), event.json());
                    }
                }
                fed = checkpoint.afterSeq();

                assertFinal(checkpoint, "orders-paid", harness.records("orders-paid"));
                assertFinal(checkpoint, "orders-payment-status", harness.records("orders-payment-status"));
                assertLate(checkpoint, "join-service-late", harness.records("join-service-late"));
            }
        }
    }
}
