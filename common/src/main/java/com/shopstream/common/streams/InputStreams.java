package com.shopstream.common.streams;

import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.model.Customer;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.serde.Topic;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.processor.api.FixedKeyProcessor;
import org.apache.kafka.streams.processor.api.FixedKeyProcessorContext;
import org.apache.kafka.streams.processor.api.FixedKeyRecord;

/**
 * Input streams keyed by order or by customer. Besides reading the topic on event time, it checks that the key is the
 * event's own {@code order_id} (or {@code customer_id}): a record keyed otherwise may sit in the wrong partition for the join, so it is a dead letter
 * (the exception goes to the processing exception handler), never silently joined wrong.
 */
public final class InputStreams {

    private InputStreams() {
    }

    /** @param sourceName names the source processor; the key check is {@code <sourceName>-key-check} */
    public static <V extends OrderEvent> KStream<String, V> keyedByOrder(StreamsBuilder builder,
                                                                        Topic<String, V> topic, String sourceName) {
        return keyed(builder, topic, sourceName, "order_id");
    }

    /** The customer versions of {@code topic}, each checked to be keyed by its {@code customer_id}. */
    public static KStream<String, Customer> keyedByCustomer(StreamsBuilder builder, Topic<String, Customer> topic,
                                                            String sourceName) {
        return keyed(builder, topic, sourceName, "customer_id");
    }

    private static <V extends ShopEvent> KStream<String, V> keyed(StreamsBuilder builder, Topic<String, V> topic,
                                                                 String sourceName, String keyField) {
        return builder.stream(topic.name(), topic.consumedAs(sourceName))
                .processValues(() -> new KeyCheck<V>(keyField), Named.as(sourceName + "-key-check"));
    }

    private static final class KeyCheck<V extends ShopEvent> implements FixedKeyProcessor<String, V, V> {

        private final String keyField;
        private FixedKeyProcessorContext<String, V> context;

        KeyCheck(String keyField) {
            this.keyField = keyField;
        }

        @Override
        public void init(FixedKeyProcessorContext<String, V> context) {
            this.context = context;
        }

        @Override
        public void process(FixedKeyRecord<String, V> record) {
            String own = record.value().key();
            if (!record.key().equals(own)) {
                throw new InvalidEventException(null,
                        "key \"" + record.key() + "\" is not the record's " + keyField + " " + own);
            }
            context.forward(record);
        }
    }
}
