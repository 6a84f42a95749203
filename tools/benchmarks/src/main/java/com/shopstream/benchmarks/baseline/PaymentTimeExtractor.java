package com.shopstream.benchmarks.baseline;

import java.time.Instant;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.processor.TimestampExtractor;

/** Event time from the payload's {@code paid_ts}, as the contract says (never the Kafka record timestamp). */
final class PaymentTimeExtractor implements TimestampExtractor {

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (record.value() instanceof PlainPayment payment) {
            return Instant.parse(payment.paidTs()).toEpochMilli();
        }
        return partitionTime;
    }
}
