package com.shopstream.benchmarks.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultTableTest {

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

    private static DrainResult drain(String run, String baselineRun, String name, long perSecond, double seconds) {
        DrainInterval interval = new DrainInterval((long) (perSecond * seconds), seconds, 1, 0);
        return new DrainResult(run, baselineRun, name, interval, interval, false, 100, 1024, 0, null, -1);
    }

    private static List<String> table(List<DrainResult> drains) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ResultTable.drains(new PrintStream(bytes, true, StandardCharsets.UTF_8),
                new CeilingResult(20_000, 10, 1), drains);
        return bytes.toString(StandardCharsets.UTF_8).lines().toList();
    }

    private static List<String> cells(List<String> rows, String name) {
        String row = rows.stream().filter(r -> r.startsWith("| " + name + " |")).findFirst().orElseThrow();
        return Arrays.stream(row.substring(1, row.length() - 1).split("\\|", -1)).map(String::strip).skip(1).toList();
    }
}
