package com.shopstream.common.watermark;

/**
 * What the event-time guard emits: a record the query admits, a record it refuses (bound for the late topic), or a
 * stream-time mark.
 *
 * <p>A mark re-teaches a downstream Kafka Streams window aggregate the stream time it had before a restart or a
 * rebalance: Kafka Streams keeps that time in memory only, so a fresh task would otherwise reopen windows that the
 * persisted watermark has already closed and emitted (a hopping window would then emit its final row twice). A mark
 * carries the newest event time seen as its timestamp and no event; aggregators must leave their state unchanged.
 */
public sealed interface Guarded<V> {

    record Admitted<V>(V event) implements Guarded<V> {
    }

    record Refused<V>(V event) implements Guarded<V> {
    }

    record StreamTimeMark<V>() implements Guarded<V> {
    }

    static <V> Guarded<V> admitted(V event) {
        return new Admitted<>(event);
    }

    static <V> Guarded<V> refused(V event) {
        return new Refused<>(event);
    }

    static <V> Guarded<V> mark() {
        return new StreamTimeMark<>();
    }
}
