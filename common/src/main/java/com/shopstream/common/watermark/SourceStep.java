package com.shopstream.common.watermark;

import com.shopstream.eventtime.QueryLateness;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One source step: the input topics it reads (in one sub-topology), the queries it judges lateness for, and where
 * their operators are. Its name names its processor ({@code <name>-source-clock}) and its changelogged store of
 * partition clocks ({@code <name>-watermarks}). {@code placedBySource} names the input topics whose records sit in a
 * partition chosen by their writer on purpose, not by key (payments-service writes each payment to the partition
 * numbered like its source): their placement is not checked against Kafka's default partitioner.
 */
public record SourceStep(String name, List<String> topics, List<QueryLateness> queries, Mode mode,
                         Set<String> placedBySource) {

    /** Where the operators of the step's queries run. */
    public enum Mode {
        /** Behind a repartition: the step sends reports through it, and a {@link FrontierTracker} reads them. */
        REPORTS,
        /** In the step's own task (no repartition): the step sends advances of the frontier of its partitions. */
        LOCAL
    }

    public SourceStep {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mode, "mode");
        topics = List.copyOf(topics);
        queries = List.copyOf(queries);
        placedBySource = Set.copyOf(placedBySource);
        if (topics.isEmpty() || queries.isEmpty()) {
            throw new IllegalArgumentException("source step " + name + " needs input topics and queries");
        }
        QueryLateness.commonHoldBacks("source step " + name, topics, queries);
    }

    /** A step whose every input is placed by key. */
    public SourceStep(String name, List<String> topics, List<QueryLateness> queries, Mode mode) {
        this(name, topics, queries, mode, Set.of());
    }

    /** How far each input with a longer delay than its queries' is held back for the frontier (their common one). */
    public Map<String, Long> holdBacks() {
        return QueryLateness.commonHoldBacks("source step " + name, topics, queries);
    }

    public String storeName() {
        return name + "-watermarks";
    }
}
