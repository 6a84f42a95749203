package com.shopstream.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@link ScenarioFiles#SHOP_EXPECTED}: what each output topic holds at each checkpoint. */
public final class ShopExpectations {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<Checkpoint> checkpoints;

    private ShopExpectations(List<Checkpoint> checkpoints) {
        this.checkpoints = checkpoints;
    }

    public static ShopExpectations shop() {
        return parse(ScenarioFiles.read(ScenarioFiles.SHOP_EXPECTED));
    }

    public static ShopExpectations load(java.nio.file.Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ShopExpectations parse(String text) {
        JsonNode root = JSON.readTree(text);
        List<Checkpoint> checkpoints = new ArrayList<>();
        for (JsonNode checkpoint : root.get("checkpoints")) {
            checkpoints.add(Checkpoint.of(checkpoint));
        }
        return new ShopExpectations(List.copyOf(checkpoints));
    }

    public List<Checkpoint> checkpoints() {
        return checkpoints;
    }

    public Checkpoint afterSeq(int seq) {
        return checkpoints.stream().filter(c -> c.afterSeq() == seq).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no checkpoint after seq " + seq));
    }

    /** One checkpoint: exact multisets of append topics, last value per key of update topics, ids in late topics. */
    public record Checkpoint(int afterSeq, String why, Map<String, List<KeyValueJson>> finals,
                             Map<String, Map<String, JsonNode>> latest, Map<String, List<Long>> late,
                             Map<String, List<Long>> lateMayAlsoHold) {

        static Checkpoint of(JsonNode node) {
            Map<String, List<KeyValueJson>> finals = new LinkedHashMap<>();
            node.get("final").properties().forEach(topic -> {
                List<KeyValueJson> records = new ArrayList<>();
                topic.getValue().forEach(r -> records.add(new KeyValueJson(r.get("key").asString(), r.get("value"))));
                finals.put(topic.getKey(), records);
            });
            Map<String, Map<String, JsonNode>> latest = new LinkedHashMap<>();
            node.get("latest").properties().forEach(topic -> {
                Map<String, JsonNode> values = new LinkedHashMap<>();
                topic.getValue().properties().forEach(kv -> values.put(kv.getKey(), kv.getValue()));
                latest.put(topic.getKey(), values);
            });
            Map<String, List<Long>> late = new LinkedHashMap<>();
            Map<String, List<Long>> mayAlso = new LinkedHashMap<>();
            node.get("late").properties().forEach(topic -> {
                if (topic.getKey().equals("may_also_hold")) {
                    topic.getValue().properties().forEach(m -> mayAlso.put(m.getKey(), ids(m.getValue())));
                } else if (topic.getValue().isArray()) {
                    late.put(topic.getKey(), ids(topic.getValue()));
                }
            });
            return new Checkpoint(node.get("after_seq").asInt(), node.get("why").asString(), finals, latest, late,
                    mayAlso);
        }

        private static List<Long> ids(JsonNode array) {
            List<Long> ids = new ArrayList<>();
            array.forEach(id -> ids.add(id.asLong()));
            return ids;
        }

        public List<KeyValueJson> finalRecords(String topic) {
            List<KeyValueJson> records = finals.get(topic);
            if (records == null) {
                throw new IllegalArgumentException("checkpoint " + afterSeq + " has no final topic " + topic);
            }
            return records;
        }

        public Map<String, JsonNode> latestValues(String topic) {
            Map<String, JsonNode> values = latest.get(topic);
            if (values == null) {
                throw new IllegalArgumentException("checkpoint " + afterSeq + " has no update topic " + topic);
            }
            return values;
        }

        public List<Long> lateIds(String topic) {
            List<Long> ids = late.get(topic);
            if (ids == null) {
                throw new IllegalArgumentException("checkpoint " + afterSeq + " has no late topic " + topic);
            }
            return ids;
        }

        public List<Long> lateMayAlsoHold(String topic) {
            return lateMayAlsoHold.getOrDefault(topic, List.of());
        }
    }

    public record KeyValueJson(String key, JsonNode value) {
    }
}
