package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.shopstream.deploy.FakeKafkaTopics.Created;
import com.shopstream.deploy.FakeKafkaTopics.Run;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two scripts the containers run, run here with bash: the image's health check against a local HTTP server, and
 * the topic creation against a stand-in kafka-topics.sh that records its calls ({@link FakeKafkaTopics}; a real broker
 * run is described in README.md, "Deploy").
 */
class ShellScriptsTest {

    private static final Path HEALTHCHECK = Repo.path("docker", "healthcheck.sh");

    @BeforeAll
    static void bash() {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is needed to run the scripts");
    }

    private static Run run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        return FakeKafkaTopics.run(env, command);
    }

    @Test
    void scriptsParse() throws Exception {
        for (Path script : List.of(HEALTHCHECK, FakeKafkaTopics.CREATE_TOPICS)) {
            assertThat(run(Map.of(), "/bin/bash", "-n", script.toString()).exit()).as(script.toString()).isZero();
        }
    }

    @Test
    void theHealthCheckPassesOnA200AndFailsOtherwise() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/actuator/health/", exchange -> {
            boolean up = exchange.getRequestURI().getPath().endsWith("/liveness");
            byte[] body = (up ? "{\"status\":\"UP\"}" : "{\"status\":\"OUT_OF_SERVICE\"}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(up ? 200 : 503, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        try {
            String port = String.valueOf(server.getAddress().getPort());
            Map<String, String> env = Map.of("MANAGEMENT_SERVER_PORT", port);
            assertThat(run(env, "/bin/bash", HEALTHCHECK.toString()).exit()).isZero();
            assertThat(run(env, "/bin/bash", HEALTHCHECK.toString(), "/actuator/health/liveness").exit()).isZero();
            Run notReady = run(env, "/bin/bash", HEALTHCHECK.toString(), "/actuator/health/readiness");
            assertThat(notReady.exit()).isEqualTo(1);
            assertThat(notReady.output()).contains("503");
        } finally {
            server.stop(0);
        }
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        assertThat(run(Map.of("MANAGEMENT_SERVER_PORT", String.valueOf(closed)), "/bin/bash", HEALTHCHECK.toString()).exit())
                .isEqualTo(1);
    }

    private static Map<String, String> topicsEnv(String topics) {
        return Map.of("BOOTSTRAP_SERVERS", "kafka:19092", "TOPICS", topics, "REPLICATION_FACTOR", "1");
    }

    @Test
    void createTopicsCreatesTheMissingTopicsWithTheirConfigsAndKeepsTheOthers(@TempDir Path dir) throws Exception {
        FakeKafkaTopics kafka = new FakeKafkaTopics(dir, "orders:3");
        Run run = kafka.createTopics(topicsEnv("""
                orders 3
                payments 3 message.timestamp.type=LogAppendTime
                orders-service-dlq 2
                """));
        assertThat(run.exit()).as(run.output()).isZero();
        List<String> creates = new ArrayList<>(kafka.calls().stream().filter(c -> c.contains("--create")).toList());
        assertThat(creates).hasSize(2);
        assertThat(creates.get(0)).contains("--topic payments --partitions 3 --replication-factor 1",
                "--config message.timestamp.type=LogAppendTime", "--if-not-exists", "--bootstrap-server kafka:19092");
        assertThat(creates.get(1)).contains("--topic orders-service-dlq --partitions 2").doesNotContain("--config");
        assertThat(run.output()).contains("topics ready: 3 (2 created, 1 existed)");
    }

    @Test
    void createTopicsGivesTheDefaultCountWhereTheListSaysSoAndTakesOverridesAndExtraConfigs(@TempDir Path dir)
            throws Exception {
        FakeKafkaTopics kafka = new FakeKafkaTopics(dir);
        // comments anywhere on a line, and Windows line ends, read as local-kafka and the chart read them
        Map<String, String> env = new HashMap<>(topicsEnv("""
                # a comment
                orders co-partitioned#keyed by order_id
                payments co-partitioned message.timestamp.type=LogAppendTime  # stamped when written
                customer-streaks default\r
                \r
                orders-service-dlq 2
                """));
        env.putAll(Map.of("PARTITIONS", "4", "PARTITIONS_BY_TOPIC", "customer-streaks=1",
                "TOPIC_CONFIGS", "min.insync.replicas=2"));
        Run run = kafka.createTopics(env);
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(kafka.created()).containsExactly(
                new Created("orders", 4, Map.of("min.insync.replicas", "2")),
                new Created("payments", 4, Map.of("message.timestamp.type", "LogAppendTime", "min.insync.replicas", "2")),
                new Created("customer-streaks", 1, Map.of("min.insync.replicas", "2")),
                new Created("orders-service-dlq", 2, Map.of("min.insync.replicas", "2")));
    }

    @Test
    void createTopicsRefusesAListItCannotApply(@TempDir Path dir) throws Exception {
        FakeKafkaTopics kafka = new FakeKafkaTopics(dir);
        Run noPartitions = kafka.createTopics(topicsEnv("orders # the count is missing\n"));
        assertThat(noPartitions.exit()).isEqualTo(2);
        assertThat(noPartitions.output()).contains("topic orders: no partitions");
        Run noDefault = kafka.createTopics(topicsEnv("orders co-partitioned\n"));
        assertThat(noDefault.exit()).isEqualTo(2);
        assertThat(noDefault.output()).contains("topic orders takes the default partition count, but PARTITIONS is not set");
        Map<String, String> unknown = new HashMap<>(topicsEnv("orders default\n"));
        unknown.putAll(Map.of("PARTITIONS", "3", "PARTITIONS_BY_TOPIC", "order=6"));
        Run typo = kafka.createTopics(unknown);
        assertThat(typo.exit()).isEqualTo(2);
        assertThat(typo.output()).contains("PARTITIONS_BY_TOPIC names order, which is not in the topic list");
        Map<String, String> split = new HashMap<>(topicsEnv("orders co-partitioned\npayments co-partitioned\n"));
        split.putAll(Map.of("PARTITIONS", "3", "PARTITIONS_BY_TOPIC", "orders=6"));
        Run differ = kafka.createTopics(split);
        assertThat(differ.exit()).isEqualTo(2);
        assertThat(differ.output()).contains("orders and payments must have the same partition count");
        assertThat(kafka.calls()).as("nothing is created").noneMatch(c -> c.contains("--create"));
    }

    @Test
    void createTopicsRefusesCoPartitionedTopicsWithDifferentCounts(@TempDir Path dir) throws Exception {
        FakeKafkaTopics kafka = new FakeKafkaTopics(dir);
        Map<String, String> env = new HashMap<>(topicsEnv("orders 6\npayments 3\n"));
        env.put("CO_PARTITIONED", "orders payments");
        Run run = kafka.createTopics(env);
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.output()).contains("orders and payments must have the same partition count");
        assertThat(kafka.calls()).as("nothing is created").noneMatch(c -> c.contains("--create"));
    }

    @Test
    void createTopicsGivesAMissingPartnerThePartitionsOfTheExistingOne(@TempDir Path dir) throws Exception {
        FakeKafkaTopics kafka = new FakeKafkaTopics(dir, "orders:4");
        Map<String, String> env = new HashMap<>(topicsEnv("orders co-partitioned\npayments co-partitioned\n"));
        env.put("PARTITIONS", "6");
        Run run = kafka.createTopics(env);
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(kafka.created()).containsExactly(new Created("payments", 4, Map.of()));
        assertThat(run.output()).contains("payments is created with 4 partitions, not 6, to match the existing orders");
    }

    @Test
    void createTopicsFailsWhenTheExistingCoPartitionedTopicsDiffer(@TempDir Path dir) throws Exception {
        FakeKafkaTopics kafka = new FakeKafkaTopics(dir, "orders:4", "payments:3");
        Map<String, String> env = new HashMap<>(topicsEnv("orders co-partitioned\npayments co-partitioned\n"));
        env.put("PARTITIONS", "4");
        Run run = kafka.createTopics(env);
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.output()).contains("orders has 4 partitions and payments has 3: they must be equal");
    }
}
