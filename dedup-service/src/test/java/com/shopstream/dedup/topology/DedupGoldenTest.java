package com.shopstream.dedup.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;
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
 * The shop stream through both deduplications, checked against Spark's results at each checkpoint, with the
 * speed-ups (the clocks written once per commit) and on the plain path.
 */
class DedupGoldenTest {

    @ParameterizedTest
    @EnumSource(SpeedUps.class)
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint(SpeedUps path) {
        shop(path, (harness, checkpoint) -> {
            assertFinal(checkpoint, "orders-deduped", harness.records("orders-deduped"));
            assertFinal(checkpoint, "orders-deduped-by-id", harness.records("orders-deduped-by-id"));
            assertLate(checkpoint, "dedup-service-late", harness.records("dedup-service-late"));
        });
    }

    @Test
    void thePlainPathWritesWhatTheSpeedUpsWrite() {
        PathOutputs plain = shop(SpeedUps.PLAIN, (harness, checkpoint) -> { });

        assertThat(shop(SpeedUps.ON, (harness, checkpoint) -> { })).isEqualTo(plain);
        assertThat(plain.appended()).containsOnlyKeys("orders-deduped", "orders-deduped-by-id", "dedup-service-late");
    }

    private static PathOutputs shop(SpeedUps path, BiConsumer<StreamsHarness, Checkpoint> check) {
        TestStreams streams = path.streams("dedup-service");
        try (StreamsHarness harness = new StreamsHarness(
                DedupTopology.build(streams.builder(), DedupConfigs.on(path)), streams)) {
            return PathOutputs.shop(harness, ShopCheckpoints.ordersOnly(harness), List.of(), check);
        }
    }
}
