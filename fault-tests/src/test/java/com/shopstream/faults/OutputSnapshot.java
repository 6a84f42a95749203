package com.shopstream.faults;

import com.shopstream.harness.KafkaTopics.Read;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** What a run wrote: per append topic the multiset of (key, value); late and dead-letter counts. */
record OutputSnapshot(Map<String, Map<String, Integer>> appendRows, Map<String, Integer> lateCounts,
                      Map<String, Integer> deadLetterCounts) {

    static final List<String> APPEND_TOPICS = List.of("orders-per-5m-final", "orders-per-10m-every-5m-final",
            "customer-sessions-final", "orders-paid", "orders-payment-status", "orders-deduped",
            "orders-deduped-by-id", "payments-out");
    static final List<String> LATE_TOPICS = List.of("orders-service-late", "session-service-late",
            "join-service-late", "dedup-service-late");
    static final List<String> DEAD_LETTER_TOPICS = List.of("orders-service-dlq", "session-service-dlq",
            "join-service-dlq", "dedup-service-dlq", "payments-service-dlq");

    static OutputSnapshot of(SuiteRun run) {
        Map<String, List<Read>> read = run.topics.readAll(concat());
        Map<String, Map<String, Integer>> append = new TreeMap<>();
        for (String topic : APPEND_TOPICS) {
            Map<String, Integer> rows = new HashMap<>();
            read.get(topic).forEach(r -> rows.merge(r.key() + " -> " + r.value(), 1, Integer::sum));
            append.put(topic, rows);
        }
        Map<String, Integer> late = new TreeMap<>();
        LATE_TOPICS.forEach(t -> late.put(t, read.get(t).size()));
        // dead letters are written outside the transaction: a crash can repeat one; the source coordinates say which
        Map<String, Integer> dead = new TreeMap<>();
        DEAD_LETTER_TOPICS.forEach(t -> dead.put(t, (int) read.get(t).stream()
                .map(r -> r.headers().get("x-source-topic") + "/" + r.headers().get("x-source-partition") + "/"
                        + r.headers().get("x-source-offset"))
                .distinct().count()));
        return new OutputSnapshot(append, late, dead);
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

    private static List<String> concat() {
        return java.util.stream.Stream.of(APPEND_TOPICS, LATE_TOPICS, DEAD_LETTER_TOPICS)
                .flatMap(List::stream).toList();
    }
}
