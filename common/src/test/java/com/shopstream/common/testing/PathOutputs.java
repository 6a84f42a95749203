package com.shopstream.common.testing;

import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * What a topology wrote through the shop scenario, as two runs of it must agree: every record of its append topics
 * (final rows, late records), exactly, and each update topic's latest row per key at every checkpoint. Update rows
 * in between are not compared: which orders a row has seen depends on when a batch or a partial crosses, which the
 * speed-ups change (the contract promises update mode the latest row per key, as Spark's update mode).
 */
public record PathOutputs(Map<String, List<OutputRecord>> appended, List<Map<String, Map<String, String>>> latest) {

    /**
     * Feeds the shop scenario through {@code harness} ({@link ShopCheckpoints#feed}), runs {@code check} at each
     * checkpoint, and returns what the topology wrote.
     */
    public static PathOutputs shop(StreamsHarness harness, Consumer<ScenarioEvent> pipe, List<String> updateTopics,
                                   BiConsumer<StreamsHarness, Checkpoint> check) {
        List<Map<String, Map<String, String>>> latest = new ArrayList<>();
        ShopCheckpoints.feed(harness, pipe, checkpoint -> {
            check.accept(harness, checkpoint);
            Map<String, Map<String, String>> now = new TreeMap<>();
            for (String topic : updateTopics) {
                Map<String, String> byKey = new LinkedHashMap<>();
                harness.records(topic).forEach(row -> byKey.put(row.key(), row.value()));
                now.put(topic, byKey);
            }
            latest.add(now);
        });
        Map<String, List<OutputRecord>> appended = new TreeMap<>(harness.outputs());
        updateTopics.forEach(appended::remove);
        return new PathOutputs(appended, List.copyOf(latest));
    }
}
