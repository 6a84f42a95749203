package com.shopstream.common.watermark;

import com.shopstream.common.streams.StateStoreKind;
import java.util.Objects;

/**
 * How a repartition sends its events in batches ({@link RepartitionBatcher}).
 *
 * @param maxEvents    events per batch at most; {@code 1} sends every event in a record of its own
 * @param stores       where the growing batches are kept (changelogged either way)
 */
public record RepartitionBatching(int maxEvents, StateStoreKind stores) {

    public RepartitionBatching {
        if (maxEvents < 1) {
            throw new IllegalArgumentException("a repartition batch holds at least one event: " + maxEvents);
        }
        Objects.requireNonNull(stores, "stores");
    }

    public boolean batches() {
        return maxEvents > 1;
    }
}
