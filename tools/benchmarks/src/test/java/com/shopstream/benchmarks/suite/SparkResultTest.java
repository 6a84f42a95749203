package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SparkResultTest {

    @Test
    void theResultLineOfThePeerIsRead() {
        SparkResult result = SparkResult.parse("spark-peer-result query=window-5m input-rows=219571 output-rows=18"
                + " dropped-by-watermark=7 batches=2 seconds=17.017 cpu-seconds=25.500 peak-rss-mib=1240"
                + " batch-rows-ms-addbatch-ms=219571:15012:14210,0:1128:913 jit-cpu-seconds=8.250");
        assertThat(result).isEqualTo(new SparkResult(219_571, 18, 7, 17.017, 25.5, 8.25, 1240));
        assertThatIllegalArgumentException().isThrownBy(() -> SparkResult.parse("26/12/01 WARN something"));
    }

    @Test
    void theBatchesFieldOfThePeerIsReadPast() {
        String line = "spark-peer-result query=window-5m input-rows=219571 output-rows=18 dropped-by-watermark=7"
                + " batches=2 seconds=17.017 cpu-seconds=25.500 peak-rss-mib=1240 batch-rows-ms-addbatch-ms=";
        // a peer built before it reported its compiler threads' CPU
        SparkResult expected = new SparkResult(219_571, 18, 7, 17.017, 25.5, DrainInterval.UNKNOWN, 1240);

        assertThat(SparkResult.parse(line + "219571:15012:14210,0:1128:913")).isEqualTo(expected);
        assertThat(SparkResult.parse(line)).as("no batch").isEqualTo(expected);
        assertThat(SparkResult.parse(line + " jit-cpu-seconds=3.500")).as("no batch, then the JIT's CPU")
                .isEqualTo(new SparkResult(219_571, 18, 7, 17.017, 25.5, 3.5, 1240));
    }

    @Test
    void aRunOfTheSameQueryIsComparedWithSparkAndBothCountTheirRows() {
        DrainInterval spark = new DrainInterval(10_000, 10, 20, 5, 0);   // 1,000 records/s, 2,000 µs/record
        DrainInterval ours = new DrainInterval(10_000, 5, 5, 2, 0);      // 2,000 records/s, 500 µs/record
        List<DrainResult> rows = List.of(
                new DrainResult("spark-5m", null, "spark: 5m", spark, null, false, 1200, -1, 0, null, 18),
                new DrainResult("orders-5m", "plain", "orders-service (5m append)", ours, ours, false, 300, 1024, 5,
                        "spark-5m", 17),
                new DrainResult("sessions", "plain-sessions", "session-service", ours, ours, false, 300, 1024, 5,
                        "spark-sessions", 40));

        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultTable.drains(new PrintStream(bytes, true, StandardCharsets.UTF_8), null, rows);
        List<String> table = bytes.toString(StandardCharsets.UTF_8).lines().toList();

        // ... | CPU s | CPU µs/record | JIT % of CPU | ...
        assertThat(lastCells(table, "spark: 5m", 11).subList(0, 3)).containsExactly("20.0", "2000.0", "25");
        assertThat(lastCells(table, "orders-service (5m append)", 11).subList(0, 3)).containsExactly("5.0", "500.0",
                "40");
        // ... | late | output rows | × Spark | × Spark, CPU/record |
        assertThat(lastCells(table, "orders-service (5m append)", 4)).containsExactly("5", "17", "2.00", "4.00");
        assertThat(lastCells(table, "spark: 5m", 4)).containsExactly("0", "18", "", "");
        assertThat(lastCells(table, "spark: 5m", 13).get(0)).as("no warm second half of a Spark run").isEmpty();
        assertThat(lastCells(table, "session-service", 4)).containsExactly("5", "40", "spark-sessions (not run)", "");
    }

    private static List<String> lastCells(List<String> table, String name, int count) {
        String row = table.stream().filter(r -> r.startsWith("| " + name + " |")).findFirst().orElseThrow();
        List<String> cells = Arrays.stream(row.substring(1, row.length() - 1).split("\\|", -1)).map(String::strip)
                .toList();
        return cells.subList(cells.size() - count, cells.size());
    }
}
