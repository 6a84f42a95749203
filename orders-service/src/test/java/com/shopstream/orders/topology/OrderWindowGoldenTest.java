package com.shopstream.orders.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;
import static com.shopstream.common.testing.GoldenAssertions.assertLatest;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.PathOutputs;
import com.shopstream.common.testing.ShopCheckpoints;
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
 * The course material's shop stream through the real topology, checked against Spark's results at each checkpoint,
 * with the speed-ups and on the plain path.
 */
class OrderWindowGoldenTest {

    private static final List<String> UPDATE_TOPICS = List.of("orders-per-5m", "orders-per-10m-every-5m");

    @ParameterizedTest
    @EnumSource(SpeedUps.class)
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint(SpeedUps path) {
        shop(path, (harness, checkpoint) -> {
            assertFinal(checkpoint, "orders-per-5m-final", harness.records("orders-per-5m-final"));
            assertFinal(checkpoint, "orders-per-10m-every-5m-final",
                    harness.records("orders-per-10m-every-5m-final"));
            assertLatest(checkpoint, "orders-per-5m", harness.records("orders-per-5m"));
            assertLate(checkpoint, "orders-service-late", harness.records("orders-service-late"));
        });
    }

    @Test
    void thePlainPathWritesWhatTheSpeedUpsWrite() {
        PathOutputs plain = shop(SpeedUps.PLAIN, (harness, checkpoint) -> { });

        assertThat(shop(SpeedUps.ON, (harness, checkpoint) -> { })).isEqualTo(plain);
        assertThat(plain.appended()).containsOnlyKeys("orders-per-5m-final", "orders-per-10m-every-5m-final",
                "orders-service-late");
        assertThat(plain.latest().get(plain.latest().size() - 1).get("orders-per-5m")).hasSize(4);
    }

    private static PathOutputs shop(SpeedUps path, BiConsumer<StreamsHarness, Checkpoint> check) {
        TestStreams streams = path.streams("orders-service");
        try (StreamsHarness harness = new StreamsHarness(
                OrderWindowTopology.build(streams.builder(), OrderWindowConfigs.on(path)), streams)) {
            return PathOutputs.shop(harness, ShopCheckpoints.ordersOnly(harness), UPDATE_TOPICS, check);
        }
    }
}
