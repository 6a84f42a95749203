package com.shopstream.localkafka;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LocalKafkaTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void startsWithEveryContractTopicAndServesPlainAndTransactionalClients(@TempDir Path dataDir) throws Exception {
        try (LocalKafka kafka = LocalKafka.start(LocalKafkaOptions.forTests(dataDir, 2));
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers()))) {
            assertThat(kafka.bootstrapServers()).isEqualTo("127.0.0.1:" + kafka.port());
            assertThat(kafka.port()).isNotZero().isNotEqualTo(kafka.controllerPort());
            assertThat(kafka.formattedNow()).isTrue();
            assertThat(kafka.readyLine()).startsWith("local-kafka ready: bootstrap=" + kafka.bootstrapServers()
                    + " data=" + dataDir.toAbsolutePath() + " topics=" + ContractTopics.names().size()
                    + " partitions=2 (started in ");

            Map<String, TopicDescription> topics = admin.describeTopics(ContractTopicsTest.EXPECTED).allTopicNames()
                    .get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(topics).containsOnlyKeys(ContractTopicsTest.EXPECTED);
            topics.values().forEach(topic -> assertThat(topic.partitions()).as(topic.name()).hasSize(2));
            assertThat(topics.get("orders").partitions()).hasSameSizeAs(topics.get("payments").partitions());

            ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(BrokerConfig.NODE_ID));
            Config config = admin.describeConfigs(List.of(broker)).all().get(WAIT.toSeconds(), TimeUnit.SECONDS).get(broker);
            assertThat(config.get("auto.create.topics.enable").value()).isEqualTo("false");
            assertThat(config.get("transaction.state.log.min.isr").value()).isEqualTo("1");
            // a misspelt key in BrokerConfig would be ignored by Kafka without a word
            BrokerConfig.properties(kafka.host(), kafka.port(), kafka.controllerPort(), kafka.dataDir(), 2).forEach((key, value) ->
                    assertThat(config.get((String) key)).as("broker config %s", key).isNotNull()
                            .extracting(entry -> entry.value()).isEqualTo(value));

            assertThat(timestampType(admin, "orders")).isEqualTo("LogAppendTime");
            assertThat(timestampType(admin, "payments-raw")).isEqualTo("LogAppendTime");
            assertThat(timestampType(admin, "orders-service-dlq")).isEqualTo("CreateTime");
            assertThat(timestampType(admin, "payments")).isEqualTo("LogAppendTime");
            assertThat(timestampType(admin, "orders-per-5m-final")).isEqualTo("LogAppendTime");
            assertThat(timestampType(admin, "session-service-late")).isEqualTo("LogAppendTime");

            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(kafka, null))) {
                producer.send(new ProducerRecord<>("orders", "110", "{\"order_id\":110}")).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
            assertThat(readAll(kafka, "orders", 1)).extracting(ConsumerRecord::value).containsExactly("{\"order_id\":110}");

            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(kafka, "local-kafka-test-tx"))) {
                producer.initTransactions();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>("orders-paid", "110", "aborted"));
                producer.abortTransaction();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>("orders-paid", "110", "committed"));
                producer.commitTransaction();
            }
            // read_committed, as the contract tells readers of exactly-once outputs
            assertThat(readAll(kafka, "orders-paid", 1)).extracting(ConsumerRecord::value).containsExactly("committed");
        }
    }

    @Test
    void aRestartOnTheSameDataDirKeepsTheRecordsAndRefusesASecondInstance(@TempDir Path dataDir) throws Exception {
        LocalKafkaOptions options = LocalKafkaOptions.forTests(dataDir, 1);
        try (LocalKafka first = LocalKafka.start(options)) {
            assertThat(first.formattedNow()).isTrue();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(first, null))) {
                producer.send(new ProducerRecord<>("payments", "110", "before restart")).get(WAIT.toSeconds(), TimeUnit.SECONDS);
            }
            assertThatIllegalStateException().isThrownBy(() -> LocalKafka.start(options))
                    .withMessageContaining("is in use by another local-kafka");
        }
        String metaPropertiesBefore = Files.readString(dataDir.resolve("meta.properties"));

        try (LocalKafka second = LocalKafka.start(options)) {
            assertThat(second.formattedNow()).isFalse();
            assertThat(Files.readString(dataDir.resolve("meta.properties"))).isEqualTo(metaPropertiesBefore);
            assertThat(readAll(second, "payments", 1)).extracting(ConsumerRecord::value).containsExactly("before restart");
        }
    }

    @Test
    void aDirectoryThatIsNotKafkasIsLeftAlone(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "mine");

        assertThatIllegalStateException().isThrownBy(() -> LocalKafka.start(LocalKafkaOptions.forTests(dir, 1)))
                .withMessageContaining("is not empty but has no meta.properties");
        try (var entries = Files.list(dir)) {
            assertThat(entries).containsExactly(dir.resolve("notes.txt"));
        }
    }

    private static String timestampType(Admin admin, String topic) throws Exception {
        ConfigResource resource = new ConfigResource(ConfigResource.Type.TOPIC, topic);
        return admin.describeConfigs(List.of(resource)).all().get(WAIT.toSeconds(), TimeUnit.SECONDS).get(resource)
                .get("message.timestamp.type").value();
    }

    private static Map<String, Object> producerConfig(LocalKafka kafka, String transactionalId) {
        Map<String, Object> config = new HashMap<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        if (transactionalId != null) {
            config.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        }
        return config;
    }

    /** Reads a topic from the start with a consumer group until {@code expected} records arrived. */
    private static List<ConsumerRecord<String, String>> readAll(LocalKafka kafka, String topic, int expected) {
        Map<String, Object> config = Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG, "local-kafka-test-" + UUID.randomUUID(),
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest",
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
                ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class,
                ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        List<ConsumerRecord<String, String>> records = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (records.size() < expected && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(records::add);
            }
            consumer.commitSync();
        }
        return records;
    }
}
