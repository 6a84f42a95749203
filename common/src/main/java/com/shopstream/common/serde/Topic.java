package com.shopstream.common.serde;

import com.shopstream.common.time.BrokerTimeExtractor;
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

    /**
     * Reads the topic with each record's broker time as its timestamp ({@link BrokerTimeExtractor}); the event time
     * is the payload's, read by the source step.
     */
    public Consumed<K, V> consumedAs(String sourceName) {
        return Consumed.with(keySerde, valueSerde)
                .withTimestampExtractor(BrokerTimeExtractor.INSTANCE)
                .withName(sourceName);
    }

    public Produced<K, V> producedAs(String sinkName) {
        return Produced.with(keySerde, valueSerde).withName(sinkName);
    }
}
