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
 * {@code judgedByOperator} names the input topics whose records all go on to the operator, which judges each against
 * the same partition watermark ({@code EventTimeOperator.partitionRefusal}) and writes the late record itself: the
 * join's reconciliation needs the late orders too, to tell a payment whose order came too late from one that had
 * none. One decision per record either way, made with the configuration of the task that writes its result.
 */
public record SourceStep(String name, List<String> topics, List<QueryLateness> queries, Mode mode,
                         Set<String> placedBySource, Set<String> judgedByOperator) {

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
        judgedByOperator = Set.copyOf(judgedByOperator);
        if (!topics.containsAll(judgedByOperator)) {
            throw new IllegalArgumentException("source step " + name + " leaves the lateness of " + judgedByOperator
                    + " to its operator, but reads " + topics);
        }
        if (!judgedByOperator.isEmpty() && (mode != Mode.REPORTS || queries.size() != 1)) {
            throw new IllegalArgumentException("source step " + name + " leaves lateness to its operator only for "
                    + "one query behind a repartition");
        }
        if (topics.isEmpty() || queries.isEmpty()) {
            throw new IllegalArgumentException("source step " + name + " needs input topics and queries");
        }
        QueryLateness.commonHoldBacks("source step " + name, topics, queries);
    }

    /** A step whose every input is placed by key. */
    public SourceStep(String name, List<String> topics, List<QueryLateness> queries, Mode mode) {
        this(name, topics, queries, mode, Set.of());
    }

    /** A step that judges the lateness of every input itself. */
    public SourceStep(String name, List<String> topics, List<QueryLateness> queries, Mode mode,
                      Set<String> placedBySource) {
        this(name, topics, queries, mode, placedBySource, Set.of());
    }

    /** How far each input with a longer delay than its queries' is held back for the frontier (their common one). */
    public Map<String, Long> holdBacks() {
        return QueryLateness.commonHoldBacks("source step " + name, topics, queries);
    }

    public String storeName() {
        return name + "-watermarks";
    }
}
