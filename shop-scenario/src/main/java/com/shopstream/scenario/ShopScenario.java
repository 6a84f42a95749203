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

    /** The course material's shop stream ({@link ScenarioFiles#SHOP}). */
    public static ShopScenario shop() {
        return parse(ScenarioFiles.read(ScenarioFiles.SHOP));
    }

    public static ShopScenario load(Path file) {
        try {
            return parse(Files.readString(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ShopScenario parse(String text) {
        List<ScenarioEvent> events = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            ObjectNode node = (ObjectNode) JSON.readTree(line);
            int seq = node.remove("seq").asInt();
            String stream = node.remove("stream").asString();
            int batch = node.remove("batch").asInt();
            events.add(new ScenarioEvent(seq, stream, batch, node));
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
