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

    /**
     * @param watermark      the watermark the record was judged against (before it)
     * @param watermarkAfter the watermark once the record is seen: what a downstream operator uses to decide what
     *                       is final now, as Spark does at the end of a micro-batch
     */
    record Admitted<V>(V event, long watermark, long watermarkAfter) implements Guarded<V> {
    }

    record Refused<V>(V event) implements Guarded<V> {
    }

    record StreamTimeMark<V>() implements Guarded<V> {
    }

    static <V> Guarded<V> admitted(V event, long watermark, long watermarkAfter) {
        return new Admitted<>(event, watermark, watermarkAfter);
    }

    static <V> Guarded<V> refused(V event) {
        return new Refused<>(event);
    }

    static <V> Guarded<V> mark() {
        return new StreamTimeMark<>();
    }
}
