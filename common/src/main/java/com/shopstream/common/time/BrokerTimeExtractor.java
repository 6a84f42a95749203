package com.shopstream.common.time;

import com.shopstream.common.model.ShopEvent;
import com.shopstream.eventtime.BrokerClock;
import com.shopstream.eventtime.FutureBound;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.TimestampExtractor;

/**
 * An input record's Kafka Streams timestamp is its <em>broker time</em>: the time the broker appended it (the
 * contract's input topics use {@code LogAppendTime}), or, on a topic left on {@code CreateTime}, the time its
 * producer gave it. The event time stays in the payload ({@code order_ts}, {@code paid_ts}); the source step reads it
 * from there and measures it against the broker time ({@link com.shopstream.eventtime.FutureBound}), and
 * stamps what it sends on with the partition's clock reading: no later than the broker time plus the allowance.
 *
 * <p>Every record of a {@code LogAppendTime} topic also tells the process what time the brokers have reached
 * ({@link BrokerClock}; the topic's configuration says which topics, read by {@code InputTopicsWatch}).
 * Records that cannot be read never get here: they fail in the deserializer and become dead letters first.
 */
public final class BrokerTimeExtractor implements TimestampExtractor {

    public static final BrokerTimeExtractor INSTANCE = new BrokerTimeExtractor(BrokerClock.shared());

    private final BrokerClock brokerClock;

    public BrokerTimeExtractor(BrokerClock brokerClock) {
        this.brokerClock = brokerClock;
    }

    @Override
    public long extract(ConsumerRecord<Object, Object> record, long partitionTime) {
        if (!(record.value() instanceof ShopEvent event)) {
            // A wiring mistake (a topic read without ShopTopics' serdes), not bad data: fail loudly.
            throw new StreamsException("no event in the record of " + record.topic() + "-" + record.partition()
                    + "@" + record.offset() + ": value is "
                    + (record.value() == null ? "null" : record.value().getClass().getName()));
        }
        brokerClock.read(record.topic(), record.timestamp());
        // a record without a timestamp (a client older than Kafka 0.10) has no broker time: its event time stands in
        return record.timestamp() >= 0 ? record.timestamp() : event.eventTimeMillis();
    }
}
