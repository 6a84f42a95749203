package com.shopstream.common.watermark;

import com.shopstream.eventtime.QueryLateness;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The frontier tracker behind one repartition: its name (the repartition's, so {@code <name>-frontier} and store
 * {@code <name>-watermarks}), the input topics whose every partition it waits for, and the queries behind it (for
 * their progress).
 */
public record FrontierStep(String name, List<String> topics, List<QueryLateness> queries) {

    public FrontierStep {
        Objects.requireNonNull(name, "name");
        topics = List.copyOf(topics);
        queries = List.copyOf(queries);
        if (topics.isEmpty()) {
            throw new IllegalArgumentException("frontier step " + name + " needs the input topics it waits for");
        }
        QueryLateness.commonHoldBacks("frontier step " + name, topics, queries);
    }

    /** How far each input with a longer delay than its queries' is held back for the frontier (their common one). */
    public Map<String, Long> holdBacks() {
        return QueryLateness.commonHoldBacks("frontier step " + name, topics, queries);
    }

    public String storeName() {
        return name + "-watermarks";
    }
}
