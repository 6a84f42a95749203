package com.shopstream.session.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.scenario.CanonicalJson;
import com.shopstream.scenario.ShopScenario;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The course material's shop stream with {@code shopstream.session.allowed-lateness} set: whole final sequences.
 * Order 160 (customer 1, 10:03) is read when the watermark is 10:07, after customer 1's session [10:00:30, 10:05)
 * became final. Its own interval [10:03, 10:06) is behind the watermark: refused without an allowed lateness
 * (Spark's result) and with one minute (10:06 + 1m is not after 10:07); with two minutes it joins the final session
 * (kept until 10:05 + 3 + 2 min), whose final row is written again, at once, as revision 2.
 */
class SessionAllowedLatenessGoldenTest {

    @Test
    void twoMinutesLetOrder160ReviseCustomer1sFinalSession() {
        Map<String, List<String>> outputs = shop("2m");

        assertThat(outputs.get("customer-sessions-final")).containsExactly(
                "1@2026-01-22T10:00:30Z 10:00:30-10:05:00 3 45.00 r1",
                "2@2026-01-22T10:01:10Z 10:01:10-10:07:00 2 17.50 r1",
                "1@2026-01-22T10:00:30Z 10:00:30-10:06:00 4 56.00 r2",
                "3@2026-01-22T10:05:20Z 10:05:20-10:08:20 1 15.00 r1",
                "3@2026-01-22T10:10:00Z 10:10:00-10:13:00 1 25.00 r1");
        assertThat(outputs.get("session-service-late")).isEmpty();
        assertThat(outputs.get("revised")).contains("customer-sessions 1");   // what the meters and console count
    }

    @Test
    void oneMinuteEndsExactlyWhenOrder160ArrivesSoItIsLateAsWithout() {
        Map<String, List<String>> outputs = shop("1m");

        assertThat(outputs.get("customer-sessions-final")).containsExactly(
                "1@2026-01-22T10:00:30Z 10:00:30-10:05:00 3 45.00 r1",
                "2@2026-01-22T10:01:10Z 10:01:10-10:07:00 2 17.50 r1",
                "3@2026-01-22T10:05:20Z 10:05:20-10:08:20 1 15.00 r1",
                "3@2026-01-22T10:10:00Z 10:10:00-10:13:00 1 25.00 r1");
        assertThat(outputs.get("session-service-late")).containsExactly("160");
        assertThat(outputs.get("revised")).contains("customer-sessions 0");
    }

    @Test
    void noAllowedLatenessWritesNoRevision() {
        assertThat(shop("0s").get("customer-sessions-final")).containsExactly(
                "1@2026-01-22T10:00:30Z 10:00:30-10:05:00 3 45.00 r-",
                "2@2026-01-22T10:01:10Z 10:01:10-10:07:00 2 17.50 r-",
                "3@2026-01-22T10:05:20Z 10:05:20-10:08:20 1 15.00 r-",
                "3@2026-01-22T10:10:00Z 10:10:00-10:13:00 1 25.00 r-");
    }

    /** The final rows (key, interval, orders, total, revision) and late orders of the whole run. */
    private static Map<String, List<String>> shop(String allowedLateness) {
        TestStreams streams = TestStreams.forDriver("session-service");
        try (StreamsHarness harness = new StreamsHarness(SessionTopology.build(streams.builder(),
                SessionConfigs.with(Map.of("shopstream.session.allowed-lateness", allowedLateness))), streams)) {
            ShopScenario.shop().events().stream().filter(event -> event.isOrder())
                    .forEach(event -> harness.pipe(event, "orders", "payments"));
            return Map.of(
                    "customer-sessions-final", harness.records("customer-sessions-final").stream()
                            .map(SessionAllowedLatenessGoldenTest::row).toList(),
                    "session-service-late", harness.records("session-service-late").stream()
                            .map(late -> Long.toString(late.orderId())).toList(),
                    "revised", streams.progress().report(java.time.Instant.EPOCH).queries().stream()
                            .map(query -> query.name() + " " + query.totals().revisedFinalRows()).toList());
        }
    }

    private static String row(OutputRecord record) {
        var value = CanonicalJson.tree(record.value());
        var revision = value.get("revision");
        return record.key() + " " + value.get("session_start").asString().substring(11, 19) + "-"
                + value.get("session_end").asString().substring(11, 19) + " " + value.get("orders").asLong() + " "
                + value.get("total").decimalValue().toPlainString() + " r" + (revision == null ? "-" : revision.asInt());
    }
}
