package com.shopstream.join.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.PathOutputs;
import com.shopstream.common.testing.SpeedUps;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The shop stream (orders and payments, keyed by order) through the join, checked at each checkpoint, with the
 * speed-ups and on the plain path.
 */
class JoinGoldenTest {

    @ParameterizedTest
    @EnumSource(SpeedUps.class)
    void theShopScenarioGivesTheContractsResultsAtEveryCheckpoint(SpeedUps path) {
        shop(path, (harness, checkpoint) -> {
            assertFinal(checkpoint, "orders-paid", harness.records("orders-paid"));
            assertFinal(checkpoint, "orders-payment-status", harness.records("orders-payment-status"));
            assertLate(checkpoint, "join-service-late", harness.records("join-service-late"));
        });
    }

    @Test
    void thePlainPathWritesWhatTheSpeedUpsWrite() {
        PathOutputs plain = shop(SpeedUps.PLAIN, (harness, checkpoint) -> { });

        assertThat(shop(SpeedUps.ON, (harness, checkpoint) -> { })).isEqualTo(plain);
        assertThat(plain.appended()).containsOnlyKeys("orders-paid", "orders-payment-status", "join-service-late");
    }

    private static PathOutputs shop(SpeedUps path, BiConsumer<StreamsHarness, Checkpoint> check) {
        TestStreams streams = path.streams("join-service");
        try (StreamsHarness harness = new StreamsHarness(
                OrderPaymentJoinTopology.build(streams.builder(), JoinConfigs.on(path)), streams)) {
            // payments reach join-service keyed by order_id (payments-service re-keys them)
            return PathOutputs.shop(harness, event -> harness.pipe(event.isOrder() ? "orders" : "payments",
                    Long.toString(event.orderId()), event.json()), List.of(), check);
        }
    }
}
