package com.shopstream.common.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a topology wrote through the shop scenario, as two runs of it must agree: every record of its append topics
 * (final rows, late records), exactly, and each update topic's latest row per key at every checkpoint. Update rows
 * in between are not compared: which orders a row has seen depends on when a batch or a partial crosses, which the
 * speed-ups change (the contract promises update mode the latest row per key, as Spark's update mode).
 */
public record PathOutputs(Map<String, List<OutputRecord>> appended, List<Map<String, Map<String, String>>> latest) {

    /** Collects, at each checkpoint, the latest row per key of {@code updateTopics}. */
    public static final class Recorder {

        private final StreamsHarness harness;
        private final List<String> updateTopics;
        private final List<Map<String, Map<String, String>>> latest = new ArrayList<>();

        public Recorder(StreamsHarness harness, List<String> updateTopics) {
            this.harness = harness;
            this.updateTopics = updateTopics;
        }

        /** At a checkpoint. */
        public void checkpoint() {
            Map<String, Map<String, String>> now = new TreeMap<>();
            for (String topic : updateTopics) {
                Map<String, String> byKey = new LinkedHashMap<>();
                harness.records(topic).forEach(row -> byKey.put(row.key(), row.value()));
                now.put(topic, byKey);
            }
            latest.add(now);
        }

        /** At the end: every other output topic's records, and the latest rows of each checkpoint. */
        public PathOutputs outputs() {
            Map<String, List<OutputRecord>> appended = new TreeMap<>(harness.outputs());
            updateTopics.forEach(appended::remove);
            return new PathOutputs(appended, List.copyOf(latest));
        }
    }
}
