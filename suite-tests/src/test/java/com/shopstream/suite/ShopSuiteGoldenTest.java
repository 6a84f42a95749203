package com.shopstream.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.StreamsRunningLatch;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.dedup.DedupServiceApplication;
import com.shopstream.join.JoinServiceApplication;
import com.shopstream.localkafka.LocalKafka;
import com.shopstream.localkafka.LocalKafkaOptions;
import com.shopstream.orders.OrdersServiceApplication;
import com.shopstream.payments.PaymentsServiceApplication;
import com.shopstream.session.SessionServiceApplication;
import com.shopstream.simulator.ShopSimulator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The suite as users run it: a real broker (local-kafka, one partition per topic as the expectations assume), the
 * five services, the shop scenario replayed by the simulator with each record settled before the next, and every
 * topic of the last checkpoint of {@code shop-expected.json} compared by the simulator's {@code verify}, exactly;
 * dead-letter topics must stay empty.
 */
class ShopSuiteGoldenTest {

    /** Each service with the name of its configuration file (they share this JVM's classpath). */
    private static final Map<Class<?>, String> SERVICES = Map.of(
            OrdersServiceApplication.class, OrdersServiceApplication.CONFIG_NAME,
            SessionServiceApplication.class, SessionServiceApplication.CONFIG_NAME,
            JoinServiceApplication.class, JoinServiceApplication.CONFIG_NAME,
            DedupServiceApplication.class, DedupServiceApplication.CONFIG_NAME,
            PaymentsServiceApplication.class, PaymentsServiceApplication.CONFIG_NAME);
    private static final List<String> DEAD_LETTER_TOPICS = List.of("orders-service-dlq", "session-service-dlq",
            "join-service-dlq", "dedup-service-dlq", "payments-service-dlq");

    @Test
    void theWholeSuiteEndsAsTheContractSays() throws Exception {
        try (LocalKafka kafka = LocalKafka.start(LocalKafkaOptions.forTests(TestStreams.tempDir("suite-kafka"), 1))) {
            List<ConfigurableApplicationContext> services = new ArrayList<>();
            try {
                for (Map.Entry<Class<?>, String> service : SERVICES.entrySet()) {
                    services.add(start(service.getKey(), service.getValue(), kafka.bootstrapServers()));
                }
                for (ConfigurableApplicationContext service : services) {
                    service.getBean(StreamsRunningLatch.class).await(Duration.ofSeconds(120));
                }

                // the simulator's own copies of the scenario and its expectations, as a user runs it
                Outcome replay = simulator("replay", "--settle", "--bootstrap", kafka.bootstrapServers());
                assertThat(replay.exitCode()).as(replay.output()).isZero();
                Outcome verify = simulator("verify", "--bootstrap", kafka.bootstrapServers());
                assertThat(verify.exitCode()).as(verify.output()).isZero();
                assertThat(verify.output()).contains("PASS: 14 of 14 topics agree");
                assertThat(committedRecords(kafka.bootstrapServers(), DEAD_LETTER_TOPICS))
                        .as("dead letters").containsOnlyKeys(DEAD_LETTER_TOPICS).allSatisfy((topic, n) ->
                                assertThat(n).as(topic).isZero());
            } finally {
                services.forEach(ConfigurableApplicationContext::close);
            }
        }
    }

    private static ConfigurableApplicationContext start(Class<?> service, String configName, String bootstrap) {
        String name = service.getSimpleName();
        return new SpringApplicationBuilder(service)
                .properties(configName)
                .initializers(context -> ((org.springframework.context.support.GenericApplicationContext) context)
                        .registerBean(StreamsRunningLatch.class))
                // as command-line arguments, so that they win over the service's application.yml
                .run("--spring.kafka.bootstrap-servers=" + bootstrap,
                        "--spring.kafka.streams.state-dir=" + TestStreams.tempDir(name),
                        "--server.port=0",
                        "--spring.main.banner-mode=off",
                        "--logging.level.root=WARN",
                        "--logging.level.org.apache.kafka.streams.KafkaStreams=WARN");
    }

    private static Outcome simulator(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8)) {
            int code = ShopSimulator.run(args, print, print);
            return new Outcome(code, out.toString(StandardCharsets.UTF_8));
        }
    }

    private static Map<String, Long> committedRecords(String bootstrap, List<String> topics) {
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

    private record Outcome(int exitCode, String output) {
    }
}
