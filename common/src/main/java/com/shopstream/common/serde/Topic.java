package com.shopstream.common.serde;

import com.shopstream.common.time.EventTimeExtractor;
import java.util.Objects;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Produced;

/** A topic bound to the serdes of its records. Create them with {@link ShopTopics}, never by hand. */
public record Topic<K, V>(String name, Serde<K> keySerde, Serde<V> valueSerde) {

    public Topic {
        Objects.requireNonNull(name, "topic name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("topic name must not be blank");
        }
    }

    /** Reads the topic on event time: the timestamp comes from the payload, never from the Kafka record. */
    public Consumed<K, V> consumedAs(String sourceName) {
        return Consumed.with(keySerde, valueSerde)
                .withTimestampExtractor(EventTimeExtractor.INSTANCE)
                .withName(sourceName);
    }

    public Produced<K, V> producedAs(String sinkName) {
        return Produced.with(keySerde, valueSerde).withName(sinkName);
    }
}
