package com.shopstream.join.broker;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.PartitionKeys;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.join.JoinServiceApplication;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopScenario;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.zip.CRC32;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Partitioner;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Cluster;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * Orders written by a producer with another partitioner than Kafka's Java default: librdkafka's default
 * ({@code consistent_random}: CRC32 of the key), the one under the Python, Go, .NET and C clients and kcat. The
 * payments come keyed by order with the Java default, as payments-service writes them, so an order and its payment
 * sit in different partition numbers. The join re-partitions both by order id and pays the scenario's orders as the
 * contract says; the misplaced orders are counted.
 */
@SpringBootTest(classes = JoinServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {JoinServiceApplication.CONFIG_NAME, "shopstream.watermark.idle-timeout=2s"})
@EmbeddedKafka(partitions = 3,
        topics = {"orders", "payments", "orders-paid", "orders-payment-status", "payments-unmatched",
                "payments-mismatched", "join-service-late", "join-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class ForeignPartitionerBrokerTest extends ServiceBrokerTest {

    @Autowired
    ProgressRegistry progress;

    @Test
    void ordersPlacedByCrc32StillMeetTheirPayments() {
        awaitRunning();
        assertThat(Crc32Partitioner.partitionOf("110", 3)).as("order 110 and its payment are apart")
                .isNotEqualTo(PartitionKeys.partitionOf("110", 3));
        try (KafkaProducer<String, String> orders = producer(Crc32Partitioner.class);
             KafkaProducer<String, String> payments = producer(null)) {
            for (ScenarioEvent event : ShopScenario.shop().events()) {
                (event.isOrder() ? orders : payments).send(new ProducerRecord<>(event.isOrder() ? "orders"
                        : "payments", Long.toString(event.orderId()), event.json()));
                (event.isOrder() ? orders : payments).flush();
            }
        }
        Checkpoint end = ShopExpectations.shop().afterSeq(12);
        Duration wait = Duration.ofSeconds(60);

        assertFinal(end, "orders-paid", KafkaTestClients.readCommitted(brokers(), "orders-paid",
                end.finalRecords("orders-paid").size(), wait));
        // once every partition has gone idle, the unpaid orders are known too
        assertFinal(end, "orders-payment-status", KafkaTestClients.readCommitted(brokers(), "orders-payment-status",
                end.finalRecords("orders-payment-status").size(), wait));
        assertThat(progress.misplacedRows(new InputPartition("orders", Crc32Partitioner.partitionOf("110", 3))))
                .isPositive();
    }

    private KafkaProducer<String, String> producer(Class<? extends Partitioner> partitioner) {
        Map<String, Object> config = new java.util.HashMap<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, brokers(), ProducerConfig.ACKS_CONFIG, "all"));
        if (partitioner != null) {
            config.put(ProducerConfig.PARTITIONER_CLASS_CONFIG, partitioner.getName());
        }
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }

    /** librdkafka's {@code consistent_random} for keyed records: CRC32 of the key, modulo the partition count. */
    public static final class Crc32Partitioner implements Partitioner {

        static int partitionOf(String key, int partitions) {
            CRC32 crc = new CRC32();
            crc.update(key.getBytes(StandardCharsets.UTF_8));
            return (int) (crc.getValue() % partitions);
        }

        @Override
        public int partition(String topic, Object key, byte[] keyBytes, Object value, byte[] valueBytes,
                             Cluster cluster) {
            return partitionOf((String) key, cluster.partitionCountForTopic(topic));
        }

        @Override
        public void close() {
        }

        @Override
        public void configure(Map<String, ?> configs) {
        }
    }
}
