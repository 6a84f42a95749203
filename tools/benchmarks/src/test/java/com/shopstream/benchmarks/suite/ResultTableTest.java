package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {

    // the first round of the rounds tests: a service, its baseline and its Spark run
    private static final DrainResult SERVICE =
            compared("orders-5m", "plain", "spark-5m", "orders-service (5m append)", 800, 2.0);
    private static final DrainResult PLAIN = compared("plain", null, null, "plain (baseline): window", 1000, 2.0);
    private static final DrainResult SPARK = compared("spark-5m", null, null, "spark: 5m window", 400, 4.0);

    @Test
    void eachServiceIsComparedWithItsOwnBaseline() {
        List<DrainResult> drains = List.of(
                drain("plain", null, "plain (baseline): window", 1000, 10),
                drain("orders-5m", "plain", "orders-service (5m append)", 800, 10),
                drain("plain-sessions", null, "plain-sessions (baseline): sessions", 500, 10),
                drain("sessions", "plain-sessions", "session-service", 450, 10),
                drain("join", "plain-join", "join-service", 300, 10));

        List<String> rows = table(drains);

        // | run | its plain baseline | input records | drain s | records/s | × ceiling | × its plain | ...
        assertThat(cells(rows, "plain (baseline): window")).containsSequence("—", "10,000", "10.0", "1,000", "0.50",
                "—");
        assertThat(cells(rows, "orders-service (5m append)")).containsSequence("plain", "8,000", "10.0", "800",
                "0.40", "0.80");
        assertThat(cells(rows, "session-service")).containsSequence("plain-sessions", "4,500", "10.0", "450",
                "0.23", "0.90");
        assertThat(cells(rows, "join-service")).containsSequence("plain-join (not run)", "3,000", "10.0", "300",
                "0.15", "");
    }

    @Test
    void everyRowHasAsManyCellsAsTheHeaderAndTheJitShareFollowsTheCpu() {
        DrainInterval measured = new DrainInterval(10_000, 10, 4, 1, 0);
        DrainInterval unknown = new DrainInterval(10_000, 10, 4, DrainInterval.UNKNOWN, 0);
        List<String> rows = table(List.of(
                new DrainResult("orders-5m", null, "orders-service (5m append)", measured, measured, false, 100, 1024,
                        0, null, -1),
                new DrainResult("spark-5m", null, "spark: 5m window", unknown, null, false, 100, -1, 0, null, 18)));

        int columns = rows.get(0).split("\\|", -1).length;
        assertThat(rows).allSatisfy(row -> assertThat(row.split("\\|", -1)).hasSize(columns));
        // ... | CPU s | CPU µs/record | JIT % of CPU | × its plain, CPU/record | ...
        int jit = List.of(rows.get(0).split("\\|", -1)).stream().map(String::strip).toList().indexOf("JIT % of CPU");
        assertThat(jit).as("the JIT's column").isPositive();
        assertThat(rows.get(2).split("\\|", -1)[jit].strip()).as("the ceiling's").isEmpty();
        assertThat(rows.get(3).split("\\|", -1)[jit].strip()).isEqualTo("25");
        assertThat(cells(rows, "orders-service (5m append)")).containsSequence("4.0", "400.0", "25", "—");
        assertThat(cells(rows, "spark: 5m window")).as("a peer that did not report it").containsSequence("4.0",
                "400.0", "?", "—");
    }

    @Test
    void roundsGiveEachComparisonInEveryRoundWithItsMinimumAndMedian() {
        List<List<DrainResult>> rounds = List.of(List.of(SERVICE, PLAIN, SPARK),
                List.of(compared("spark-5m", null, null, "spark: 5m window", 500, 4.0),
                        compared("plain", null, null, "plain (baseline): window", 1200, 2.5),
                        compared("orders-5m", "plain", "spark-5m", "orders-service (5m append)", 900, 2.0)),
                List.of(compared("orders-5m", "plain", "spark-5m", "orders-service (5m append)", 1000, 2.0),
                        compared("plain", null, null, "plain (baseline): window", 1000, 2.0),
                        compared("spark-5m", null, null, "spark: 5m window", 400, 4.0)));

        List<String> rows = rounds(rounds);

        // | run | compared with | × records/s each round, min, median | × CPU/record each round, min, median |
        assertThat(rows).hasSize(4);
        assertThat(cells(rows.get(2), "orders-service (5m append)")).containsExactly("plain (baseline): window",
                "0.80, 0.75, 1.00", "0.75", "0.80", "1.00, 1.25, 1.00", "1.00", "1.00");
        assertThat(cells(rows.get(3), "orders-service (5m append)")).containsExactly("spark: 5m window",
                "2.00, 1.80, 2.50", "1.80", "2.00", "2.00, 2.00, 2.00", "2.00", "2.00");

        List<String> spark = againstSpark(rounds);
        assertThat(spark).hasSize(3);
        // | query | Spark run | rounds | records/s min / median | Spark's | × Spark min, median | CPU µs/record …
        assertThat(cells(spark.get(2), "orders-service (5m append)")).containsExactly("spark: 5m window", "3",
                "800 / 900", "400 / 400", "1.80", "2.00", "2.0 (4.0)", "2.00", "2.00", "100 (100)", "0 (0)",
                "? (?)");
    }

    @Test
    void aComparisonCountsOnlyTheRoundsThatMadeBothRuns() {
        List<List<DrainResult>> rounds = List.of(List.of(SERVICE, PLAIN, SPARK), List.of(PLAIN, SERVICE),
                List.of(SPARK, compared("orders-5m", "plain", "spark-5m", "orders-service (5m append)", 1200, 2.0)));

        assertThat(cells(againstSpark(rounds).get(2), "orders-service (5m append)"))
                .as("two rounds made both: the median is the mean of their two ratios")
                .containsSequence("spark: 5m window", "2", "800 / 1,000", "400 / 400", "2.00", "2.50");
        assertThat(rounds(List.of(List.of(SERVICE), List.of(PLAIN, SPARK))))
                .containsExactly("(no run was compared with another in any round)");
        assertThat(againstSpark(List.of(List.of(SERVICE, PLAIN))))
                .containsExactly("(no run was compared with Spark)");
    }

    private static List<String> rounds(List<List<DrainResult>> rounds) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultTable.rounds(new PrintStream(bytes, true, StandardCharsets.UTF_8), rounds);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static List<String> againstSpark(List<List<DrainResult>> rounds) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultTable.againstSpark(new PrintStream(bytes, true, StandardCharsets.UTF_8), rounds);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** A drain of 10 s at {@code perSecond}, with {@code cpuMicros} CPU per record. */
    private static DrainResult compared(String run, String baselineRun, String sparkRun, String name, long perSecond,
                                        double cpuMicros) {
        long records = perSecond * 10;
        DrainInterval interval = new DrainInterval(records, 10, records * cpuMicros / 1e6, 0, 0);
        return new DrainResult(run, baselineRun, name, interval, interval, false, 100, 1024, 0, sparkRun, -1);
    }

    private static DrainResult drain(String run, String baselineRun, String name, long perSecond, double seconds) {
        DrainInterval interval = new DrainInterval((long) (perSecond * seconds), seconds, 1, 0.25, 0);
        return new DrainResult(run, baselineRun, name, interval, interval, false, 100, 1024, 0, null, -1);
    }

    private static List<String> table(List<DrainResult> drains) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultTable.drains(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                new CeilingResult(20_000, 10, 1), drains);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static List<String> cells(List<String> rows, String name) {
        return cells(rows.stream().filter(r -> r.startsWith("| " + name + " |")).findFirst().orElseThrow(), name);
    }

    private static List<String> cells(String row, String name) {
        assertThat(row).startsWith("| " + name + " |");
        return Arrays.stream(row.substring(1, row.length() - 1).split("\\|", -1)).map(String::strip).skip(1).toList();
    }
}
