package com.shopstream.common.watermark;

import com.shopstream.common.streams.StateStoreKind;
import java.util.List;
import java.util.Objects;

/**
 * How a repartition sends its events in batches ({@link RepartitionBatcher}).
 *
 * @param maxEvents    events per batch at most; {@code 1} sends every event in a record of its own
 * @param sourceTopics the topics of the source step: without an explicit partition count, the repartition topic has
 *                     as many partitions as the largest of them (Kafka Streams' rule)
 * @param stores       where the growing batches are kept (changelogged either way)
 */
public record RepartitionBatching(int maxEvents, List<String> sourceTopics, StateStoreKind stores) {

    public RepartitionBatching {
        if (maxEvents < 1) {
            throw new IllegalArgumentException("a repartition batch holds at least one event: " + maxEvents);
        }
        sourceTopics = List.copyOf(sourceTopics);
        Objects.requireNonNull(stores, "stores");
    }

    public boolean batches() {
        return maxEvents > 1;
    }
}
