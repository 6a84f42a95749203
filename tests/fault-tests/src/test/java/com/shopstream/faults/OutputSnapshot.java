package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.KafkaTopics.Read;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/** What a run wrote: per append topic the multiset of (key, value); late and dead-letter counts. */
record OutputSnapshot(Map<String, Map<String, Integer>> appendRows, Map<String, Integer> lateCounts,
                      Map<String, List<DeadLetter>> deadLetters, Map<String, List<Read>> lateRecords,
                      Map<String, List<Read>> finalReads) {

    /** The final topics that become upsert topics with an allowed lateness: kept in offset order per partition. */
    static final List<String> FINAL_TOPICS = List.of("orders-per-5m-final", "orders-per-10m-every-5m-final",
            "customer-sessions-final");

    static final List<String> APPEND_TOPICS = List.of("orders-per-5m-final", "orders-per-10m-every-5m-final",
            "customer-sessions-final", "orders-paid", "orders-payment-status", "payments-unmatched",
            "payments-mismatched", "orders-deduped",
            "orders-deduped-by-id", "payments-out");
    static final List<String> LATE_TOPICS = List.of("orders-service-late", "session-service-late",
            "join-service-late", "dedup-service-late");
    static final List<String> DEAD_LETTER_TOPICS = List.of("orders-service-dlq", "session-service-dlq",
            "join-service-dlq", "dedup-service-dlq", "payments-service-dlq");

    static OutputSnapshot of(SuiteRun run) {
        return of(run, List.of());
    }

    /** {@link #of(SuiteRun)}, with more append topics besides the contract's (a test's own queries). */
    static OutputSnapshot of(SuiteRun run, List<String> appendTopics) {
        List<String> appended = java.util.stream.Stream.concat(APPEND_TOPICS.stream(), appendTopics.stream())
                .distinct().toList();
        Map<String, List<Read>> read = run.topics.readAll(java.util.stream.Stream.concat(concat().stream(),
                appended.stream()).distinct().toList());
        Map<String, Map<String, Integer>> append = new TreeMap<>();
        for (String topic : appended) {
            Map<String, Integer> rows = new HashMap<>();
            read.get(topic).forEach(r -> rows.merge(r.key() + " -> " + r.value(), 1, Integer::sum));
            append.put(topic, rows);
        }
        Map<String, Integer> late = new TreeMap<>();
        LATE_TOPICS.forEach(t -> late.put(t, read.get(t).size()));
        Map<String, List<DeadLetter>> dead = new TreeMap<>();
        DEAD_LETTER_TOPICS.forEach(t -> {
            Map<String, DeadLetter> bySource = new LinkedHashMap<>();
            read.get(t).stream().map(DeadLetter::of).forEach(d -> bySource.putIfAbsent(d.source(), d));
            dead.put(t, List.copyOf(bySource.values()));
        });
        Map<String, List<Read>> lateRecords = new TreeMap<>();
        LATE_TOPICS.forEach(t -> lateRecords.put(t, read.get(t)));
        Map<String, List<Read>> finals = new TreeMap<>();
        FINAL_TOPICS.forEach(t -> finals.put(t, read.get(t)));
        return new OutputSnapshot(append, late, dead, lateRecords, finals);
    }

    /** Distinct dead letters (by source record) per dead-letter topic. */
    Map<String, Integer> deadLetterCounts() {
        Map<String, Integer> counts = new TreeMap<>();
        deadLetters.forEach((topic, letters) -> counts.put(topic, letters.size()));
        return counts;
    }

    /**
     * The dead letters one run has and the other has not (by source record), for a failure message: counts alone do
     * not say which record went to the dead-letter topic only once the run was disturbed, nor why.
     */
    String deadLetterDifference(OutputSnapshot other) {
        StringBuilder difference = new StringBuilder();
        deadLetters.forEach((topic, letters) -> {
            Set<String> theirs = new HashSet<>();
            other.deadLetters.getOrDefault(topic, List.of()).forEach(d -> theirs.add(d.source()));
            Set<String> ours = new HashSet<>();
            letters.forEach(d -> ours.add(d.source()));
            letters.stream().filter(d -> !theirs.contains(d.source()))
                    .forEach(d -> difference.append("\n  only in this run, ").append(topic).append(": ").append(d));
            other.deadLetters.getOrDefault(topic, List.of()).stream().filter(d -> !ours.contains(d.source()))
                    .forEach(d -> difference.append("\n  only in the other run, ").append(topic).append(": ").append(d));
        });
        return difference.isEmpty() ? "the same dead letters" : difference.toString();
    }

    /** The append rows of some topics only (to compare a run of some services with the full one). */
    Map<String, Map<String, Integer>> appendRows(List<String> topics) {
        Map<String, Map<String, Integer>> some = new TreeMap<>();
        topics.forEach(t -> some.put(t, appendRows.get(t)));
        return some;
    }

    /**
     * This snapshot without some rows of one topic: those a test wrote itself besides the stream (payments through
     * the HTTP edge), to compare the rest with a run without them.
     */
    OutputSnapshot withoutRows(String topic, Predicate<String> row) {
        Map<String, Map<String, Integer>> rows = new TreeMap<>(appendRows);
        Map<String, Integer> kept = new HashMap<>(appendRows.get(topic));
        kept.keySet().removeIf(row);
        rows.put(topic, kept);
        return new OutputSnapshot(rows, lateCounts, deadLetters, lateRecords, finalReads);
    }

    /** Every row of an append topic, as often as it was written. */
    List<String> rows(String topic) {
        List<String> rows = new ArrayList<>();
        appendRows.get(topic).forEach((row, count) -> {
            for (int i = 0; i < count; i++) {
                rows.add(row);
            }
        });
        return rows;
    }

    int appendRowCount(String topic) {
        return appendRows.get(topic).values().stream().mapToInt(Integer::intValue).sum();
    }

    /** Topics with one row per key: a window or a session is final once. */
    static final List<String> ONE_ROW_PER_KEY = List.of("orders-per-5m-final", "orders-per-10m-every-5m-final",
            "customer-sessions-final");

    /** Keys written more than once (for topics with one row per key). */
    Map<String, Integer> repeatedKeys(String topic) {
        Map<String, Integer> keys = new TreeMap<>();
        appendRows.get(topic).forEach((row, count) -> keys.merge(row.substring(0, row.indexOf(" -> ")), count,
                Integer::sum));
        keys.values().removeIf(count -> count == 1);
        return keys;
    }

    /**
     * Fails unless this run wrote what {@code reference} wrote: every append topic the same multiset of rows (no row
     * more often, a duplicate, nor less often, a gap), no final row twice, the same late and dead-letter counts.
     */
    void assertSameAs(OutputSnapshot reference, String run) {
        for (String topic : APPEND_TOPICS) {
            assertThat(reference.appendRowCount(topic)).as(topic + " has rows").isPositive();
            // a row missing here is often a record refused as late: the causes say why
            assertThat(appendRows.get(topic)).as(() -> topic + " " + run + ": rows written more (+) or less (-) often"
                            + " than in the reference: " + difference(appendRows.get(topic),
                            reference.appendRows.get(topic)) + "; late records by cause and partition: " + lateCauses()
                            + ", in the reference: " + reference.lateCauses() + "; late records only in this run (+)"
                            + " or only in the reference (-): " + difference(lateRows(), reference.lateRows()))
                    .isEqualTo(reference.appendRows.get(topic));
        }
        for (String topic : ONE_ROW_PER_KEY) {
            assertThat(repeatedKeys(topic)).as(topic + ": final rows written twice " + run).isEmpty();
        }
        assertThat(lateCounts).as(() -> "late rows " + run + "; by cause and partition: " + lateCauses()
                + ", in the reference: " + reference.lateCauses()).isEqualTo(reference.lateCounts);
        assertThat(deadLetterCounts()).as(() -> "dead letters " + run + ": " + deadLetterDifference(reference))
                .isEqualTo(reference.deadLetterCounts());
    }

    /** Every late record as a row, with its topic, cause and partition, counted. */
    private Map<String, Integer> lateRows() {
        Map<String, Integer> rows = new HashMap<>();
        lateRecords.forEach((topic, records) -> records.forEach(r -> rows.merge(topic + " "
                + r.headers().get("x-late-cause") + " " + r.headers().get("x-late-partition") + " " + r.key() + " -> "
                + r.value(), 1, Integer::sum)));
        return rows;
    }

    /** The rows whose count differs, with the difference: {@code +1} one more time here than there. */
    private static String difference(Map<String, Integer> here, Map<String, Integer> there) {
        Map<String, Integer> difference = new TreeMap<>();
        here.forEach((row, count) -> difference.merge(row, count, Integer::sum));
        there.forEach((row, count) -> difference.merge(row, -count, Integer::sum));
        difference.values().removeIf(count -> count == 0);
        return difference.toString();
    }

    /** Per late topic, how many late records each (cause, input partition) has. */
    Map<String, Map<String, Integer>> lateCauses() {
        Map<String, Map<String, Integer>> causes = new TreeMap<>();
        lateRecords.forEach((topic, records) -> records.forEach(r -> causes.computeIfAbsent(topic, t -> new TreeMap<>())
                .merge(r.headers().get("x-late-cause") + " " + r.headers().get("x-late-partition"), 1, Integer::sum)));
        return causes;
    }

    private static List<String> concat() {
        return java.util.stream.Stream.of(APPEND_TOPICS, LATE_TOPICS, DEAD_LETTER_TOPICS)
                .flatMap(List::stream).toList();
    }
}
