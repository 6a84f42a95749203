package com.shopstream.session.topology;

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
 * The shop stream through sessions and streaks, checked against Spark's results at each checkpoint, with the
 * speed-ups and on the plain path. Customer 2's session ends exactly at the watermark of checkpoint 9 (10:07:00):
 * final by the contract, still open for Kafka Streams' own session windows.
 */
class SessionGoldenTest {

    private static final List<String> UPDATE_TOPICS = List.of("customer-sessions", "customer-streaks");

    @ParameterizedTest
    @EnumSource(SpeedUps.class)
    void theShopScenarioGivesSparksResultsAtEveryCheckpoint(SpeedUps path) {
        shop(path, (harness, checkpoint) -> {
            assertFinal(checkpoint, "customer-sessions-final", harness.records("customer-sessions-final"));
            assertLatest(checkpoint, "customer-streaks", harness.records("customer-streaks"));
            assertLate(checkpoint, "session-service-late", harness.records("session-service-late"));
        });
    }

    @Test
    void thePlainPathWritesWhatTheSpeedUpsWrite() {
        PathOutputs plain = shop(SpeedUps.PLAIN, (harness, checkpoint) -> { });

        assertThat(shop(SpeedUps.ON, (harness, checkpoint) -> { })).isEqualTo(plain);
        assertThat(plain.appended()).containsOnlyKeys("customer-sessions-final", "session-service-late");
        assertThat(plain.latest().get(plain.latest().size() - 1).get("customer-streaks")).isNotEmpty();
    }

    private static PathOutputs shop(SpeedUps path, BiConsumer<StreamsHarness, Checkpoint> check) {
        TestStreams streams = path.streams("session-service");
        try (StreamsHarness harness = new StreamsHarness(
                SessionTopology.build(streams.builder(), SessionConfigs.on(path)), streams)) {
            return PathOutputs.shop(harness, ShopCheckpoints.ordersOnly(harness), UPDATE_TOPICS, check);
        }
    }
}
