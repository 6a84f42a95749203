package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.scenario.CanonicalJson;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The sessions in append mode alone (Spark's {@code session_window} query): {@code update-topic} and
 * {@code streak.topic} blank leave the update rows and the streak out, bound as the service binds them.
 */
class SessionOutputsLeftOutTest {

    private static final Map<String, String> APPEND_ONLY = Map.of("shopstream.session.update-topic", "",
            "shopstream.session.streak.topic", "");

    private StreamsHarness harness;

    @AfterEach
    void stop() {
        if (harness != null) {
            harness.close();
        }
    }

    private void start(Map<String, String> settings) {
        TestStreams streams = TestStreams.forDriver("session-service");
        harness = new StreamsHarness(SessionTopology.build(streams.builder(), SessionConfigs.with(settings)), streams);
    }

    @Test
    void withoutUpdateRowsAMergeWritesNoTombstoneAndTheMergedSessionIsTheOnlyFinalRow() {
        start(Map.of("shopstream.session.update-topic", ""));
        order(1, 1, "10:00:00");   // A [10:00, 10:03)
        harness.nextCommit();
        order(2, 1, "10:05:00");   // B [10:05, 10:08)
        harness.nextCommit();
        order(3, 1, "10:02:30");   // A absorbs B
        harness.nextCommit();
        order(4, 2, "10:11:00");   // watermark 10:08: the merged session is final

        assertThat(harness.records("customer-sessions")).isEmpty();
        assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:08:00 3");
        assertThat(harness.records("customer-streaks")).as("the streak still runs (customer 2's row is held)")
                .extracting(OutputRecord::value).containsExactly(
                        "{\"customer_id\":1,\"streak\":1,\"timed_out\":false}",
                        "{\"customer_id\":1,\"streak\":2,\"timed_out\":false}",
                        "{\"customer_id\":1,\"streak\":3,\"timed_out\":false}");
    }

    @Test
    void withoutTheStreakAnOrderTooLateForTheSessionsGoesOnlyToTheLateTopic() {
        start(APPEND_ONLY);
        order(1, 1, "10:00:00");
        order(2, 2, "10:06:00");   // watermark 10:03: customer 1's session is final
        order(3, 1, "10:00:00");   // its interval ends at 10:03 <= the watermark: too late

        assertThat(rows(harness.records("customer-sessions-final"))).containsExactly(
                "1@2026-01-22T10:00:00Z 10:00:00-10:03:00 1");
        assertThat(harness.records("session-service-late")).extracting(OutputRecord::orderId).containsExactly(3L);
        assertThat(harness.records("customer-streaks")).isEmpty();
        assertThat(harness.records("customer-sessions")).isEmpty();
    }

    @Test
    void appendModeAloneHasNeitherTheStreaksStoresNorTheUpdateAndStreakTopics() {
        TopologyDescription description = SessionTopology.build(TestStreams.forDriver("names").builder(),
                SessionConfigs.with(APPEND_ONLY)).describe();
        assertThat(TopologyNames.stores(description)).containsExactly(
                "customer-sessions-open", "customer-sessions-open-before-commit", "orders-by-customer-batches",
                "orders-by-customer-batches-before-commit", "orders-by-customer-release-buffer",
                "orders-by-customer-watermarks", "orders-by-customer-watermarks-before-commit", "orders-watermarks",
                "orders-watermarks-before-commit");
        assertThat(TopologyNames.topics(description)).containsExactly("customer-sessions-final", "orders",
                "orders-by-customer-repartition", "session-service-late");
    }

    @Test
    void theFinalTopicCannotBeLeftOutNorTwoOutputsShareATopic() {
        assertThatThrownBy(() -> SessionConfigs.with(Map.of("shopstream.session.final-topic", "")))
                .hasMessageContaining("shopstream.session.final-topic must be set");
        assertThatThrownBy(() -> SessionConfigs.with(Map.of("shopstream.session.streak.topic", "customer-sessions")))
                .hasMessageContaining("two of them are customer-sessions");
        assertThatThrownBy(() -> SessionConfigs.with(Map.of("shopstream.session.final-topic", "orders")))
                .hasMessageContaining("two of them are orders");
    }

    private void order(long id, long customer, String time) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":" + customer
                + ",\"amount\":10,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static List<String> rows(List<OutputRecord> records) {
        return records.stream().map(r -> {
            var value = CanonicalJson.tree(r.value());
            return r.key() + " " + value.get("session_start").asString().substring(11, 19) + "-"
                    + value.get("session_end").asString().substring(11, 19) + " " + value.get("orders").asLong();
        }).toList();
    }
}
