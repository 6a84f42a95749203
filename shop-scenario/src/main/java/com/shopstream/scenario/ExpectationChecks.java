package com.shopstream.scenario;

import com.shopstream.scenario.ShopExpectations.Checkpoint;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Compares output topics with a checkpoint of {@code shop-expected.json}, exactly as that file defines it: append
 * topics as exact multisets of (key, value), update topics by the last value of each key, late topics by the order ids
 * they hold (with the ids the checkpoint says they may also hold). Values compare as JSON values (62.5 equals 62.50).
 */
public final class ExpectationChecks {

    private ExpectationChecks() {
    }

    public static TopicCheck finalRows(Checkpoint checkpoint, String topic, List<TopicRow> actual) {
        List<String> expected = new ArrayList<>();
        checkpoint.finalRecords(topic).forEach(r -> expected.add(r.key() + " -> " + CanonicalJson.of(r.value())));
        List<String> found = new ArrayList<>();
        actual.forEach(r -> found.add(r.key() + " -> " + r.canonicalValue()));
        return new TopicCheck(topic, "append", sorted(expected), sorted(found), counts(expected).equals(counts(found)));
    }

    public static TopicCheck latestValues(Checkpoint checkpoint, String topic, List<TopicRow> actual) {
        Map<String, Object> latest = new LinkedHashMap<>();
        for (TopicRow row : actual) {
            if (row.value() == null) {
                latest.remove(row.key());
            } else {
                latest.put(row.key(), row.canonicalValue());
            }
        }
        Map<String, Object> expected = new LinkedHashMap<>();
        checkpoint.latestValues(topic).forEach((key, value) -> expected.put(key, CanonicalJson.of(value)));
        return new TopicCheck(topic, "update", lines(expected), lines(latest), expected.equals(latest));
    }

    public static TopicCheck lateIds(Checkpoint checkpoint, String topic, List<TopicRow> actual) {
        TreeSet<Long> ids = new TreeSet<>();
        actual.forEach(r -> ids.add(r.orderId()));
        List<Long> expected = checkpoint.lateIds(topic);
        checkpoint.lateMayAlsoHold(topic).stream().filter(id -> !expected.contains(id)).forEach(ids::remove);
        TreeSet<Long> wanted = new TreeSet<>(expected);
        return new TopicCheck(topic, "late", wanted.stream().map(String::valueOf).toList(),
                ids.stream().map(String::valueOf).toList(), wanted.equals(ids));
    }

    private static Map<String, Integer> counts(List<String> rows) {
        Map<String, Integer> counts = new HashMap<>();
        rows.forEach(row -> counts.merge(row, 1, Integer::sum));
        return counts;
    }

    private static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }

    private static List<String> lines(Map<String, Object> values) {
        return values.entrySet().stream().map(e -> e.getKey() + " -> " + e.getValue()).sorted().toList();
    }
}
