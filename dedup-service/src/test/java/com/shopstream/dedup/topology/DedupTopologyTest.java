package com.shopstream.dedup.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DedupTopologyTest {

    private static final Duration DELAY = Duration.ofMinutes(3);

    @AutoClose
    private StreamsHarness harness;

    @BeforeEach
    void start() {
        start(StateStoreKind.ROCKSDB);
    }

    private void start(StateStoreKind stores) {
        if (harness != null) {
            harness.close();
        }
        TestStreams streams = TestStreams.forDriver("dedup-service");
        harness = new StreamsHarness(DedupTopology.build(streams.builder(),
                DedupConfigs.defaults().withStores(stores)), streams);
    }

    @Test
    void aRetryWithAnotherOrderTsInsideTheDelayIsDroppedByIdButPassedAsAPair() {
        order(7, "10:00:00");
        order(7, "10:02:00");   // the source retried and stamped the order again

        assertThat(times(harness.records("orders-deduped"))).containsExactly("10:00:00", "10:02:00");
        assertThat(times(harness.records("orders-deduped-by-id"))).containsExactly("10:00:00");
        assertThat(progress(DedupTopology.BY_ID_QUERY).duplicates()).isEqualTo(1);
        assertThat(progress(DedupTopology.PAIRS_QUERY).duplicates()).isZero();
    }

    @Test
    void anExactCopyIsDroppedByBoth() {
        order(7, "10:00:00");
        order(7, "10:00:00");

        assertThat(harness.records("orders-deduped")).hasSize(1);
        assertThat(harness.records("orders-deduped-by-id")).hasSize(1);
        assertThat(progress(DedupTopology.PAIRS_QUERY).duplicates()).isEqualTo(1);
    }

    @Test
    void aCopyOnceTheFirstCopysExpiryIsBehindTheWatermarkPassesAgainById() {
        order(7, "10:00:00");   // expires by id at 10:03:00
        order(8, "10:06:00");   // watermark 10:03:00: 10:03:00 is not yet behind it
        order(7, "10:05:00");
        order(9, "10:06:01");   // watermark 10:03:01: now it is
        order(7, "10:05:30");

        assertThat(times(harness.records("orders-deduped-by-id")).stream().filter(t -> !t.startsWith("10:06")))
                .containsExactly("10:00:00", "10:05:30");
    }

    @Test
    void aRecordOlderThanTheWatermarkIsTooLateForBoth() {
        order(1, "10:10:00");   // watermark 10:07
        order(2, "10:06:59.999");
        order(3, "10:07:00");

        assertThat(harness.records("dedup-service-late")).extracting(OutputRecord::orderId).containsExactly(2L, 2L);
        assertThat(harness.records("orders-deduped")).extracting(OutputRecord::orderId).containsExactly(1L, 3L);
        assertThat(harness.records("orders-deduped-by-id")).extracting(OutputRecord::orderId)
                .containsExactly(1L, 3L);
    }

    @Test
    void stateStaysBoundedByTheDelayOverADayOfEventTime() {
        // in-memory stores: TopologyTestDriver flushes RocksDB after each record, 100,000 times here
        start(StateStoreKind.IN_MEMORY);
        int orders = 100_000;
        long spacing = Duration.ofDays(1).toMillis() / orders;   // 864 ms
        Instant start = Instant.parse("2026-01-22T00:00:00Z");
        for (int i = 0; i < orders; i++) {
            // bounded disorder: every other pair of orders arrives swapped, well inside the delay
            int n = (i % 2 == 0 && i + 1 < orders) ? i + 1 : (i % 2 == 1 ? i - 1 : i);
            pipe(n, start.plusMillis(n * spacing));
        }

        long pairs = count("orders-deduped-seen");
        long byId = count("orders-deduped-by-id-seen");
        // pairs live while order_ts >= watermark: delay worth of orders; by id while order_ts + delay >= watermark:
        // twice that (state goes as soon as the watermark passes it)
        long pairBound = DELAY.toMillis() / spacing + 2;
        long byIdBound = 2 * DELAY.toMillis() / spacing + 2;
        assertThat(pairs).isBetween(1L, pairBound).isLessThanOrEqualTo(210);
        assertThat(byId).isBetween(1L, byIdBound).isLessThanOrEqualTo(418);
        assertThat(harness.records("orders-deduped")).hasSize(orders);
        assertThat(harness.records("orders-deduped-by-id")).hasSize(orders);
    }

    @Test
    void storeAndInternalTopicNamesArePinned() {
        TopologyDescription description = DedupTopology.build(TestStreams.forDriver("names").builder(),
                DedupConfigs.defaults()).describe();
        assertThat(TopologyNames.stores(description)).containsExactly("orders-deduped-by-id-seen",
                "orders-deduped-seen", "orders-watermarks", "orders-watermarks-before-commit");
        assertThat(description.subtopologies()).hasSize(1);
    }

    private long count(String store) {
        KeyValueStore<Object, Object> kv = harness.driver().getKeyValueStore(store);
        long n = 0;
        try (KeyValueIterator<Object, Object> all = kv.all()) {
            for (; all.hasNext(); all.next()) {
                n++;
            }
        }
        return n;
    }

    private QueryProgress progress(String query) {
        return harness.streams().progress().query(query, DELAY, List.of("orders"));
    }

    private void order(long id, String time) {
        pipe(id, Instant.parse("2026-01-22T" + time + "Z"));
    }

    private void pipe(long id, Instant orderTs) {
        harness.pipe("orders", Long.toString(id), "{\"order_id\":" + id + ",\"customer_id\":1,\"amount\":1,"
                + "\"order_ts\":\"" + orderTs + "\"}");
    }

    private static List<String> times(List<OutputRecord> records) {
        return records.stream()
                .map(r -> com.shopstream.scenario.CanonicalJson.tree(r.value()).get("order_ts").asString()
                        .substring(11, 19))
                .toList();
    }

}
