package com.shopstream.join.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;

import com.shopstream.common.testing.ShopCheckpoints;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import org.junit.jupiter.api.Test;

/** The shop stream (orders and payments, keyed by order) through the join, checked at each checkpoint. */
class JoinGoldenTest {

    @Test
    void theShopScenarioGivesTheContractsResultsAtEveryCheckpoint() {
        TestStreams streams = TestStreams.forDriver("join-service");
        try (StreamsHarness harness = new StreamsHarness(
                OrderPaymentJoinTopology.build(streams.builder(), JoinConfigs.defaults()),
                streams)) {
            // payments reach join-service keyed by order_id (payments-service re-keys them)
            ShopCheckpoints.feed(harness, event -> harness.pipe(event.isOrder() ? "orders" : "payments",
                    Long.toString(event.orderId()), event.json()), checkpoint -> {
                assertFinal(checkpoint, "orders-paid", harness.records("orders-paid"));
                assertFinal(checkpoint, "orders-payment-status", harness.records("orders-payment-status"));
                assertLate(checkpoint, "join-service-late", harness.records("join-service-late"));
            });
        }
    }
}
