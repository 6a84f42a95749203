package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.faults.ServiceProgress.Totals;
import com.shopstream.harness.KafkaTopics.Read;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * More than 5,000 malformed records of every kind mixed into the valid stream: every service keeps running, and every
 * input record is accounted for, exactly: in the outputs, as late, or as a dead letter carrying its reason.
 */
class BadInputTest {

    private static final Logger log = LoggerFactory.getLogger(BadInputTest.class);
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private static UninterruptedRun run;

    @BeforeAll
    static void runTheStream() throws Exception {
        run = UninterruptedRun.get();
    }

    @Test
    void theStreamHoldsEveryKindOfGarbage() {
        ShopStream stream = UninterruptedRun.STREAM;
        assertThat(stream.totalMalformed()).isGreaterThanOrEqualTo(5_000);
        assertThat(stream.kinds.get("orders").keySet()).hasSize(MalformedRecords.KINDS.size() + 1);
        assertThat(stream.kinds.get("payments").keySet()).hasSize(MalformedRecords.KINDS.size() + 1);
        assertThat(stream.kinds.get("payments-raw").keySet()).contains(MalformedRecords.HUGE_KIND, "null value",
                "not JSON", "future timestamp");
    }

    @Test
    void everyServiceKeepsRunning() {
        assertThat(run.readyAtEnd).as("alive and ready after the stream").containsOnlyKeys(SuiteRun.SERVICES.keySet())
                .doesNotContainValue(false);
    }

    @Test
    void everyMalformedRecordIsADeadLetterOfEachServiceReadingIt() {
        ShopStream stream = UninterruptedRun.STREAM;
        SuiteRun.INPUTS.forEach((service, topics) -> {
            List<DeadLetter> letters = run.outputs.deadLetters().get(service + "-dlq");
            for (String topic : topics) {
                Map<String, Integer> byKind = new TreeMap<>(letters.stream()
                        .filter(d -> topic.equals(d.sourceTopic()))
                        .collect(Collectors.groupingBy(d -> String.valueOf(d.kind()),
                                Collectors.summingInt(d -> 1))));
                assertThat(byKind).as(service + ": dead letters from " + topic + " by kind")
                        .isEqualTo(new TreeMap<>(stream.kinds.get(topic)));
            }
            assertThat(letters).as(service + ": dead letters from elsewhere")
                    .allSatisfy(d -> assertThat(topics).contains(d.sourceTopic()));
            assertThat(letters).as(service + ": each dead letter names its reason and stage").allSatisfy(d -> {
                assertThat(d.reason()).contains(MalformedRecords.reasonOf(d.kind()));
                assertThat(d.stage()).isIn("deserialization", "processing");
            });
        });
    }

    @Test
    void everyInputRecordIsCountedOnceAsInputOrDeadLetter() {
        SuiteRun.INPUTS.forEach((service, topics) -> {
            long in = topics.stream().mapToLong(run.inputRecords::get).sum();
            run.progress.get(service).queries().forEach((query, totals) -> {
                log.info("{} / {}: {} records in = {} input rows ({} late, {} duplicates) + {} dead letters",
                        service, query, in, totals.inputRows(), totals.lateRows(), totals.duplicateRows(),
                        totals.deadLetterRows());
                assertThat(totals.inputRows() + totals.deadLetterRows()).as(service + " / " + query + ": " + totals)
                        .isEqualTo(in);
                assertThat(totals.deadLetterRows()).isEqualTo(topics.stream()
                        .mapToLong(t -> UninterruptedRun.STREAM.malformed.get(t)).sum());
            });
        });
    }

    @Test
    void everyLateRowIsOnTheLateTopicOnce() {
        SuiteRun.INPUTS.keySet().stream().filter(s -> !s.equals("payments-service")).forEach(service -> {
            List<Read> late = run.outputs.lateRecords().get(service + "-late");
            Map<String, Long> byQuery = late.stream()
                    .collect(Collectors.groupingBy(r -> r.headers().get("x-late-query"), TreeMap::new,
                            Collectors.counting()));
            run.progress.get(service).queries().forEach((query, totals) ->
                    assertThat(byQuery.getOrDefault(query, 0L)).as(service + " / " + query + " late rows")
                            .isEqualTo(totals.lateRows()));
            assertThat(late).as(service + ": late rows").isNotEmpty();
        });
    }

    /**
     * Counts and cents: the final windows hold exactly the valid orders minus those refused as late. The closing
     * orders' own window and session stay open (one closing order per partition): they are in the input rows but in
     * no final row.
     */
    @Test
    void windowsAndSessionsCountEveryRowTheyAdmitted() {
        Totals windows = run.progress.get("orders-service").query("orders-per-5m");
        List<String> finalWindows = run.outputs.rows("orders-per-5m-final");
        assertThat(sum(finalWindows, "orders")).isEqualTo(windows.inputRows() - windows.lateRows() - CLOSING_ORDERS);
        BigDecimal late = run.outputs.lateRecords().get("orders-service-late").stream()
                .filter(r -> "orders-per-5m".equals(r.headers().get("x-late-query")))
                .map(r -> tree(r.value()).get("amount").decimalValue())
                .reduce(BigDecimal.ZERO, BigDecimal::add);
        assertThat(total(finalWindows)).as("no cent lost").isEqualByComparingTo(validOrderAmounts().subtract(late));

        Totals sessions = run.progress.get("session-service").query("customer-sessions");
        assertThat(sum(run.outputs.rows("customer-sessions-final"), "orders"))
                .isEqualTo(sessions.inputRows() - sessions.lateRows() - CLOSING_ORDERS);
    }

    @Test
    void deduplicationPassesEveryAdmittedRowThatIsNoDuplicate() {
        for (String query : List.of("orders-deduped", "orders-deduped-by-id")) {
            Totals totals = run.progress.get("dedup-service").query(query);
            assertThat(totals.duplicateRows()).as(query + " duplicates").isPositive();
            assertThat(run.outputs.rows(query).size()).as(query + " rows")
                    .isEqualTo(totals.inputRows() - totals.lateRows() - totals.duplicateRows());
        }
    }

    @Test
    void paymentsPassesEveryValidPayment() {
        run.progress.get("payments-service").queries().forEach((query, totals) ->
                assertThat((long) run.outputs.rows("payments-out").size())
                        .as(query).isEqualTo(totals.inputRows() - totals.lateRows()));
    }

    private static final int CLOSING_ORDERS = SuiteRun.PARTITIONS;

    /** The amounts of the generated orders, without the malformed ones (tagged) and the closing order. */
    private static BigDecimal validOrderAmounts() {
        return UninterruptedRun.STREAM.orders().stream()
                .filter(m -> m.headers().lastHeader(MalformedRecords.KIND_HEADER) == null)
                .map(m -> JSON.readTree(m.value()).get("amount").decimalValue())
                .reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private static long sum(List<String> rows, String field) {
        return rows.stream().mapToLong(r -> tree(value(r)).get(field).asLong()).sum();
    }

    private static BigDecimal total(List<String> rows) {
        return rows.stream().map(r -> tree(value(r)).get("total").decimalValue()).reduce(BigDecimal.ZERO,
                BigDecimal::add);
    }

    private static String value(String row) {
        return row.substring(row.indexOf(" -> ") + 4);
    }

    private static JsonNode tree(String json) {
        return JSON.readTree(json);
    }
}
