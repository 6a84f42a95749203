package com.shopstream.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;

/**
 * The suite as users run it: a real broker (local-kafka, one partition per topic as the expectations assume), the
 * five services, the shop scenario replayed by the simulator with each record settled before the next, and every
 * topic of the last checkpoint of {@code shop-expected.json} compared by the simulator's {@code verify}, exactly;
 * dead-letter topics must stay empty.
 */
class ShopSuiteGoldenTest {

    private static final List<String> DEAD_LETTER_TOPICS = List.of("orders-service-dlq", "session-service-dlq",
            "join-service-dlq", "dedup-service-dlq", "payments-service-dlq");

    @Test
    void theWholeSuiteEndsAsTheContractSays() throws Exception {
        try (InProcessSuite suite = InProcessSuite.start(1)) {
            // the simulator's own copies of the scenario and its expectations, as a user runs it
            InProcessSuite.Outcome replay = suite.simulator("replay", "--settle");
            assertThat(replay.exitCode()).as(replay.output()).isZero();
            InProcessSuite.Outcome verify = suite.simulator("verify");
            assertThat(verify.exitCode()).as(verify.output()).isZero();
            assertThat(verify.output()).contains("PASS: 14 of 14 topics agree");
            assertThat(committedRecords(suite.bootstrap(), DEAD_LETTER_TOPICS))
                    .as("dead letters").containsOnlyKeys(DEAD_LETTER_TOPICS).allSatisfy((topic, n) ->
                            assertThat(n).as(topic).isZero());
        }
    }

    static Map<String, Long> committedRecords(String bootstrap, List<String> topics) {
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed"),
                new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = topics.stream()
                    .flatMap(t -> consumer.partitionsFor(t, Duration.ofSeconds(10)).stream()
                            .map(p -> new TopicPartition(t, p.partition())))
                    .toList();
            Map<TopicPartition, Long> ends = consumer.endOffsets(partitions, Duration.ofSeconds(10));
            return ends.entrySet().stream().collect(Collectors.groupingBy(e -> e.getKey().topic(),
                    Collectors.summingLong(Map.Entry::getValue)));
        }
    }
}
