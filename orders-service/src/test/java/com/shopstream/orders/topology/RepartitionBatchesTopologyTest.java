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
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The whole topology, the contract's queries and two per customer (one in append mode only), over the same
 * out-of-order orders: its reader
 * once behind in its partition (so the orders that cross the repartition go in batches) and once caught up (each on
 * its own), with and without the partial aggregation before the repartition. Every way gives the same final rows,
 * late records and last update rows.
 */
class RepartitionBatchesTopologyTest {

    private static final List<String> FINALS = List.of("orders-per-5m-final", "orders-per-10m-every-5m-final",
            "per-customer-final", "per-customer-10m-final");
    private static final List<String> UPDATES = List.of("orders-per-5m", "orders-per-10m-every-5m",
            "per-customer-10m");

    @Test
    void aReaderBehindInItsPartitionBatchesAndGivesWhatACaughtUpOneGives() {
        List<String> orders = randomOrders(new Random(7), 400);

        Outputs caughtUp = run(orders, OptionalLong.of(0), false);
        Outputs behind = run(orders, OptionalLong.of(1_000), false);

        assertThat(behind.batchedAfterHalf()).as("orders waiting in a batch halfway").isPositive();
        assertThat(caughtUp.batchedAfterHalf()).isZero();
        assertThat(caughtUp.finals()).isNotEmpty();
        assertThat(caughtUp.late()).isNotEmpty();
        assertThat(behind.deadLetters()).isZero();
        assertThat(behind.rows()).isEqualTo(caughtUp.rows());
    }

    @Test
    void ordersAddedUpPerSliceBeforeTheRepartitionGiveWhatOrdersOneByOneGive() {
        List<String> orders = randomOrders(new Random(16), 600);

        Outputs oneByOne = run(orders, OptionalLong.of(0), false);
        Outputs combined = run(orders, OptionalLong.of(0), true);
        Outputs combinedBehind = run(orders, OptionalLong.of(1_000), true);

        assertThat(combined.combinedAfterHalf()).as("orders in partials not sent yet, halfway").isPositive();
        assertThat(oneByOne.combinedAfterHalf()).isZero();
        assertThat(oneByOne.finals()).hasSizeGreaterThan(40);
        assertThat(oneByOne.late()).isNotEmpty();
        assertThat(combined.deadLetters()).isZero();
        assertThat(combinedBehind.deadLetters()).isZero();
        assertThat(combined.rows()).isEqualTo(oneByOne.rows());
        assertThat(combinedBehind.rows()).isEqualTo(oneByOne.rows());
    }

    private record Outputs(List<String> finals, List<String> late, List<String> lastUpdates, int batchedAfterHalf,
                           long combinedAfterHalf, int deadLetters) {

        List<List<String>> rows() {
            return List.of(finals, late, lastUpdates);
        }
    }

    private static Outputs run(List<String> orders, OptionalLong lag, boolean partialAggregation) {
        TestStreams streams = TestStreams.forDriver("orders-service");
        EventTimeRuntime driver = streams.eventTime();
        streams.with(new EventTimeRuntime(driver.reportInterval(), driver.idleTimeout(), partition -> lag,
                driver.partitionCounts(), driver.endOffsets(), driver.futureBound(), driver.brokerClock()));
        List<WindowQuery> queries = new ArrayList<>(WindowQuery.contractDefaults(Duration.ofMinutes(3)));
        // append mode only: its partials go when due (or on the timer), not every commit interval
        queries.add(new WindowQuery("per-customer", Duration.ofMinutes(5), null, Duration.ofMinutes(3),
                GroupBy.CUSTOMER_ID, null, "per-customer-final", null));
        // sharing its repartition, in update mode too: the group's partials go just before each commit
        queries.add(new WindowQuery("per-customer-10m", Duration.ofMinutes(10), Duration.ofMinutes(5),
                Duration.ofMinutes(3), GroupBy.CUSTOMER_ID, "per-customer-10m", "per-customer-10m-final", null));
        OrderWindowConfig defaults = OrderWindowConfigs.of(TestStreams.topics(), queries, StateStoreKind.IN_MEMORY);
        OrderWindowConfig config = new OrderWindowConfig(defaults.ordersTopic(), defaults.lateTopic(),
                defaults.queries(), defaults.stores(), defaults.topics(), defaults.repartitionBatchSize(),
                partialAggregation);
        try (StreamsHarness harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), config),
                streams)) {
            int batched = 0;
            long combined = 0;
            for (int i = 0; i < orders.size(); i++) {
                harness.pipe("orders", Integer.toString(i + 1), orders.get(i));   // keyed by order_id
                if (i == orders.size() / 2 + 7) {
                    for (String grouping : List.of("orders-by-all", "orders-by-customer_id")) {
                        KeyValueStore<String, byte[]> batches = harness.driver().getKeyValueStore(
                                grouping + "-batches");
                        try (var all = batches.all()) {
                            while (all.hasNext()) {
                                batched += EventBatches.size(all.next().value);
                            }
                        }
                        KeyValueStore<Bytes, byte[]> slices = harness.driver().getKeyValueStore(
                                grouping + "-slices");
                        try (var all = slices.all()) {
                            while (all.hasNext()) {
                                var row = all.next();
                                long start = OpenSlices.start(row.key);
                                if (start != Long.MIN_VALUE) {
                                    combined += OpenSlices.decode(start, row.value).stream()
                                            .mapToLong(open -> open.partial().orders()).sum();
                                }
                            }
                        }
                    }
                }
            }
            harness.nextCommit();
            harness.nextCommit();
            List<String> finals = new ArrayList<>();
            for (String topic : FINALS) {
                harness.records(topic).forEach(r -> finals.add(topic + " " + row(r)));
            }
            List<String> late = harness.records("orders-service-late").stream()
                    .map(r -> r.orderId() + " " + r.headers()).toList();
            Map<String, String> lastUpdates = new TreeMap<>();
            for (String topic : UPDATES) {
                harness.records(topic).forEach(r -> lastUpdates.put(topic + " " + r.key(), row(r)));
            }
            return new Outputs(finals, late, List.copyOf(lastUpdates.values()), batched, combined,
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
