package com.shopstream.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** A scenario in the shared JSON-lines format, in {@code seq} order. */
public final class ShopScenario {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final List<ScenarioEvent> events;

    private ShopScenario(List<ScenarioEvent> events) {
        this.events = events;
    }

    /** {@code ../shared/scenarios/shop.jsonl}: the course material's shop stream. */
    public static ShopScenario shop() {
        return load(SharedFiles.scenario("shop.jsonl"));
    }

    public static ShopScenario load(Path file) {
        List<ScenarioEvent> events = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank()) {
                    continue;
                }
                ObjectNode node = (ObjectNode) JSON.readTree(line);
                int seq = node.remove("seq").asInt();
                String stream = node.remove("stream").asString();
                int batch = node.remove("batch").asInt();
                events.add(new ScenarioEvent(seq, stream, batch, node));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        events.sort(Comparator.comparingInt(ScenarioEvent::seq));
        return new ShopScenario(List.copyOf(events));
    }

    public List<ScenarioEvent> events() {
        return events;
    }

    public List<ScenarioEvent> upTo(int seq) {
        return events.stream().filter(e -> e.seq() <= seq).toList();
    }

    public List<ScenarioEvent> after(int seq) {
        return events.stream().filter(e -> e.seq() > seq).toList();
    }
}
