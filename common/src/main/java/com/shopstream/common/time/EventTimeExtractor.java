package com.shopstream.common.time;

import com.shopstream.common.model.ShopEvent;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * Event time from the payload ({@code order_ts}, {@code paid_ts}); the Kafka record timestamp is never used. Records
 * that cannot be read never get here: they fail in the deserializer and become dead letters first.
 */
public final class EventTimeExtractor implements TimestampExtractor {

    public static final EventTimeExtractor INSTANCE = new EventTimeExtractor();

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (record.value() instanceof ShopEvent event) {
            return event.eventTimeMillis();
        }
        // A wiring mistake (a topic read without ShopTopics' serdes), not bad data: fail loudly.
        throw new StreamsException("no event time in the record of " + record.topic() + "-" + record.partition()
                + "@" + record.offset() + ": value is "
                + (record.value() == null ? "null" : record.value().getClass().getName()));
    }
}
