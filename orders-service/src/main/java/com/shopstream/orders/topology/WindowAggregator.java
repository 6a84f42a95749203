package com.shopstream.orders.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.watermark.Guarded;
import org.apache.kafka.streams.kstream.Aggregator;

/**
 * Adds an admitted order to its window. A stream-time mark (sent after a restart, so that Kafka Streams' window
 * aggregate learns the stream time again) changes nothing: a window that has orders keeps them, and a window the
 * mark would create is not created (returning {@code null} deletes the empty entry).
 */
final class WindowAggregator implements Aggregator<String, Guarded<Order>, WindowAggregate> {

    @Override
    public WindowAggregate apply(String group, Guarded<Order> value, WindowAggregate aggregate) {
        if (value instanceof Guarded.Admitted<Order> admitted) {
            return aggregate.add(admitted.event());
        }
        return aggregate.isEmpty() ? null : aggregate;
    }
}
