package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.EventBatches;
import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.scenario.CanonicalJson;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The whole topology, its reader once behind in its partition (so the orders cross the repartition in batches) and
 * once caught up (each on its own): the same out-of-order orders give the same final rows, late records and last
 * update rows.
 */
class RepartitionBatchesTopologyTest {

    @Test
    void aReaderBehindInItsPartitionBatchesAndGivesWhatACaughtUpOneGives() {
        List<String> orders = randomOrders(new Random(7), 400);

        Outputs caughtUp = run(orders, OptionalLong.of(0));
        Outputs behind = run(orders, OptionalLong.of(1_000));

        assertThat(behind.pendingAfterHalf()).as("orders waiting in a batch halfway").isPositive();
        assertThat(caughtUp.pendingAfterHalf()).isZero();
        assertThat(caughtUp.finals()).isNotEmpty();
        assertThat(caughtUp.late()).isNotEmpty();
        assertThat(behind.deadLetters()).isZero();
        assertThat(behind).isEqualTo(new Outputs(caughtUp.finals(), caughtUp.late(), caughtUp.lastUpdates(),
                behind.pendingAfterHalf(), 0));
    }

    private record Outputs(List<String> finals, List<String> late, List<String> lastUpdates, int pendingAfterHalf,
                           int deadLetters) {
    }

    private static Outputs run(List<String> orders, OptionalLong lag) {
        TestStreams streams = TestStreams.forDriver("orders-service");
        EventTimeRuntime driver = streams.eventTime();
        streams.with(new EventTimeRuntime(driver.reportInterval(), driver.idleTimeout(), partition -> lag,
                driver.partitionCounts(), driver.endOffsets()));
        OrderWindowConfig config = OrderWindowConfigs.of(TestStreams.topics(), WindowQuery.contractDefaults(
                Duration.ofMinutes(3)), StateStoreKind.IN_MEMORY);
        try (StreamsHarness harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), config),
                streams)) {
            int pending = 0;
            for (int i = 0; i < orders.size(); i++) {
                harness.pipe("orders", Integer.toString(i + 1), orders.get(i));   // keyed by order_id
                if (i == orders.size() / 2 + 7) {
                    KeyValueStore<String, byte[]> batches = harness.driver().getKeyValueStore(
                            "orders-by-all-batches");
                    try (var all = batches.all()) {
                        while (all.hasNext()) {
                            pending += EventBatches.size(all.next().value);
                        }
                    }
                }
            }
            harness.nextCommit();
            harness.nextCommit();
            List<String> finals = new ArrayList<>();
            for (String topic : List.of("orders-per-5m-final", "orders-per-10m-every-5m-final")) {
                harness.records(topic).forEach(r -> finals.add(topic + " " + row(r)));
            }
            List<String> late = harness.records("orders-service-late").stream()
                    .map(r -> r.orderId() + " " + r.headers()).toList();
            Map<String, String> lastUpdates = new TreeMap<>();
            for (String topic : List.of("orders-per-5m", "orders-per-10m-every-5m")) {
                harness.records(topic).forEach(r -> lastUpdates.put(topic + " " + r.key(), row(r)));
            }
            return new Outputs(finals, late, List.copyOf(lastUpdates.values()), pending,
                    harness.deadLetters().size());
        }
    }

    private static String row(OutputRecord record) {
        var value = CanonicalJson.tree(record.value());
        return record.key() + " " + value.get("orders").asLong() + " "
                + value.get("total").decimalValue().toPlainString();
    }

    /** Orders a few seconds apart, one in eight up to 12 minutes late (some beyond the 3-minute delay). */
    private static List<String> randomOrders(Random random, int count) {
        List<String> orders = new ArrayList<>();
        long time = Instant.parse("2026-01-22T10:00:00Z").toEpochMilli();
        for (int id = 1; id <= count; id++) {
            time += random.nextInt(6_000);
            long eventTime = time - (random.nextInt(8) == 0 ? random.nextInt(720_000) : 0);
            orders.add("{\"order_id\":" + id + ",\"customer_id\":" + (1 + random.nextInt(20)) + ",\"amount\":"
                    + (1 + random.nextInt(9_999)) / 100.0 + ",\"order_ts\":\"" + Instant.ofEpochMilli(eventTime)
                    + "\"}");
        }
        return orders;
    }
}
