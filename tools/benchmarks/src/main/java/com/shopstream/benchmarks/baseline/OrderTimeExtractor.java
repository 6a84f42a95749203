package com.shopstream.benchmarks.baseline;

import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/** Event time from the payload's {@code order_ts}, as the contract says (never the Kafka record timestamp). */
final class OrderTimeExtractor implements TimestampExtractor {

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (record.value() instanceof PlainOrder order) {
            return Instant.parse(order.orderTs()).toEpochMilli();
        }
        return partitionTime;
    }
}
