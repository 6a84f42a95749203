package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.scenario.ShopScenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The course material's shop stream with {@code shopstream.orders.allowed-lateness} set: whole final sequences. Its
 * order 160 (10:03) is read when the watermark is 10:07, two minutes after [10:00,10:05) and [09:55,10:05) became
 * final: refused with no allowed lateness (Spark's result), and with 2 minutes too (10:05 + 2m is not after 10:07),
 * but with 3 minutes it revises both windows.
 */
class AllowedLatenessGoldenTest {

    @Test
    void threeMinutesRevisesTheTwoWindowsOrder160ArrivedAfter() {
        Map<String, List<String>> outputs = shop("3m");

        assertThat(outputs.get("orders-per-5m-final")).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 5 62.50 r1",
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 6 73.50 r2",
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 1 15.00 r1",
                "2026-01-22T10:10:00Z/2026-01-22T10:15:00Z 1 25.00 r1");
        assertThat(outputs.get("orders-per-10m-every-5m-final")).containsExactly(
                "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z 5 62.50 r1",
                "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z 6 73.50 r2",
                "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z 7 88.50 r1",
                "2026-01-22T10:05:00Z/2026-01-22T10:15:00Z 2 40.00 r1",
                "2026-01-22T10:10:00Z/2026-01-22T10:20:00Z 1 25.00 r1");
        assertThat(outputs.get("orders-service-late")).isEmpty();
        // what the meters and the console count
        assertThat(outputs.get("revised")).containsExactlyInAnyOrder("orders-per-5m 1", "orders-per-10m-every-5m 1");
    }

    @Test
    void twoMinutesEndsExactlyWhenOrder160ArrivesSoItIsLateAsWithout() {
        Map<String, List<String>> outputs = shop("2m");

        assertThat(outputs.get("orders-per-5m-final")).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 5 62.50 r1",
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 1 15.00 r1",
                "2026-01-22T10:10:00Z/2026-01-22T10:15:00Z 1 25.00 r1");
        assertThat(outputs.get("orders-per-10m-every-5m-final")).containsExactly(
                "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z 5 62.50 r1",
                "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z 7 88.50 r1",
                "2026-01-22T10:05:00Z/2026-01-22T10:15:00Z 2 40.00 r1",
                "2026-01-22T10:10:00Z/2026-01-22T10:20:00Z 1 25.00 r1");
        assertThat(outputs.get("orders-service-late")).containsExactly("160 refused all", "160 refused some");
        assertThat(outputs.get("revised")).containsExactlyInAnyOrder("orders-per-5m 0", "orders-per-10m-every-5m 0");
    }

    @Test
    void noAllowedLatenessWritesNoRevision() {
        Map<String, List<String>> outputs = shop("0s");

        assertThat(outputs.get("orders-per-5m-final")).containsExactly(
                "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z 5 62.50 r-",
                "2026-01-22T10:05:00Z/2026-01-22T10:10:00Z 1 15.00 r-",
                "2026-01-22T10:10:00Z/2026-01-22T10:15:00Z 1 25.00 r-");
    }

    /** The final rows (key, orders, total, revision) and late records (order, what was refused) of the whole run. */
    private static Map<String, List<String>> shop(String allowedLateness) {
        TestStreams streams = TestStreams.forDriver("orders-service");
        try (StreamsHarness harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(),
                OrderWindowConfigs.boundFrom(Map.of("shopstream.orders.allowed-lateness", allowedLateness))),
                streams)) {
            ShopScenario.shop().events().stream().filter(event -> event.isOrder())
                    .forEach(event -> harness.pipe(event, "orders", "payments"));
            return Map.of(
                    "orders-per-5m-final", finals(harness.records("orders-per-5m-final")),
                    "orders-per-10m-every-5m-final", finals(harness.records("orders-per-10m-every-5m-final")),
                    "orders-service-late", harness.records("orders-service-late").stream()
                            .map(late -> late.orderId() + " refused "
                                    + late.headers().get(com.shopstream.common.watermark.LateRecordHeaders.REFUSED))
                            .toList(),
                    "revised", streams.progress().report(java.time.Instant.EPOCH).queries().stream()
                            .map(query -> query.name() + " " + query.totals().revisedFinalRows()).toList());
        }
    }

    private static List<String> finals(List<OutputRecord> records) {
        return records.stream().map(record -> {
            var value = com.shopstream.scenario.CanonicalJson.tree(record.value());
            var revision = value.get("revision");
            return record.key() + " " + value.get("orders").asLong() + " "
                    + value.get("total").decimalValue().toPlainString() + " r"
                    + (revision == null ? "-" : revision.asInt());
        }).toList();
    }
}
