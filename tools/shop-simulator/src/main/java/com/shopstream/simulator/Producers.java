package com.shopstream.simulator;

import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;

/** Kafka clients of the simulator, from one bootstrap address and optional extra client properties. */
final class Producers {

    private Producers() {
    }

    /** Idempotent, acks=all: what the simulator sends, it sends once. */
    static KafkaProducer<String, String> producer(String bootstrap, boolean fast) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "shop-simulator");
        if (fast) {
            props.put(ProducerConfig.LINGER_MS_CONFIG, 20);
            props.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
            props.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, "lz4");
        }
        return new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
    }

    static Map<String, Object> admin(String bootstrap) {
        return Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    }

    static Properties consumer(String bootstrap) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        return props;
    }
}
