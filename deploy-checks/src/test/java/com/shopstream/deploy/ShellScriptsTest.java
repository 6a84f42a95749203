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
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two scripts the containers run, run here with bash: the image's health check against a local HTTP server, and
 * the topic creation against a stand-in kafka-topics.sh that records its calls (a real broker run is described in
 * README.md, "Deploy").
 */
class ShellScriptsTest {

    private static final Path HEALTHCHECK = Repo.path("docker", "healthcheck.sh");
    private static final Path CREATE_TOPICS = Repo.path("deploy", "kafka", "create-topics.sh");

    @BeforeAll
    static void bash() {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is needed to run the scripts");
    }

    record Run(int exit, String output) {
    }

    private static Run run(Map<String, String> env, String... command) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().keySet().removeIf(k -> k.startsWith("KAFKA_") || k.equals("TOPICS"));
        builder.environment().putAll(env);
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Run(process.exitValue(), output);
    }

    @Test
    void scriptsParse() throws Exception {
        for (Path script : List.of(HEALTHCHECK, CREATE_TOPICS, Chart.DIR.resolve("files").resolve("create-topics.sh"))) {
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

    /** A kafka-topics.sh that knows the given topics (name:partitions) and logs each call's arguments. */
    private static Path fakeKafka(Path dir, String... existing) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        StringBuilder describe = new StringBuilder();
        StringBuilder list = new StringBuilder();
        for (String topic : existing) {
            String[] parts = topic.split(":");
            list.append(parts[0]).append("\\n");
            describe.append("Topic: ").append(parts[0]).append("\\tTopicId: x\\tPartitionCount: ").append(parts[1])
                    .append("\\tReplicationFactor: 1\\tConfigs: \\n");
        }
        String script = """
                #!/bin/bash
                echo "$*" >> "%1$s/calls.log"
                case " $* " in
                  *" --list "*) printf '%2$s' ;;
                  *" --describe "*)
                    printf '%3$s' > "%1$s/described"
                    # created topics (from the log) are described with the partitions they were created with
                    grep -- '--create' "%1$s/calls.log" | while read -r line; do
                      t=$(sed -E 's/.*--topic ([^ ]+).*/\\1/' <<< "$line"); p=$(sed -E 's/.*--partitions ([^ ]+).*/\\1/' <<< "$line")
                      printf 'Topic: %%s\\tTopicId: y\\tPartitionCount: %%s\\tReplicationFactor: 1\\tConfigs: \\n' "$t" "$p" >> "%1$s/described"
                    done
                    cat "%1$s/described" ;;
                esac
                """.formatted(dir, list, describe);
        Path topics = bin.resolve("kafka-topics.sh");
        Files.writeString(topics, script);
        Files.setPosixFilePermissions(topics, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin;
    }

    private static List<String> calls(Path dir) throws IOException {
        Path log = dir.resolve("calls.log");
        return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    private static Map<String, String> topicsEnv(Path bin, String topics) {
        return Map.of("KAFKA_BIN", bin.toString(), "BOOTSTRAP_SERVERS", "kafka:19092", "TOPICS", topics,
                "REPLICATION_FACTOR", "1", "WAIT_SECONDS", "5");
    }

    @Test
    void createTopicsCreatesTheMissingTopicsWithTheirConfigsAndKeepsTheOthers(@TempDir Path dir) throws Exception {
        Path bin = fakeKafka(dir, "orders:3");
        Run run = run(topicsEnv(bin, """
                orders 3
                payments 3 message.timestamp.type=LogAppendTime
                orders-service-dlq 2
                """), "/bin/bash", CREATE_TOPICS.toString());
        assertThat(run.exit()).as(run.output()).isZero();
        List<String> creates = new ArrayList<>(calls(dir).stream().filter(c -> c.contains("--create")).toList());
        assertThat(creates).hasSize(2);
        assertThat(creates.get(0)).contains("--topic payments --partitions 3 --replication-factor 1",
                "--config message.timestamp.type=LogAppendTime", "--if-not-exists", "--bootstrap-server kafka:19092");
        assertThat(creates.get(1)).contains("--topic orders-service-dlq --partitions 2").doesNotContain("--config");
        assertThat(run.output()).contains("topics ready: 3 (2 created, 1 existed)");
    }

    @Test
    void createTopicsRefusesCoPartitionedTopicsWithDifferentCounts(@TempDir Path dir) throws Exception {
        Path bin = fakeKafka(dir);
        Run run = run(topicsEnv(bin, "orders 6\npayments 3\n"), "/bin/bash", CREATE_TOPICS.toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.output()).contains("orders and payments must have the same partition count");
        assertThat(calls(dir)).as("nothing is created").noneMatch(c -> c.contains("--create"));
    }

    @Test
    void createTopicsGivesAMissingPartnerThePartitionsOfTheExistingOne(@TempDir Path dir) throws Exception {
        Path bin = fakeKafka(dir, "orders:4");
        Run run = run(topicsEnv(bin, "orders 6\npayments 6\n"), "/bin/bash", CREATE_TOPICS.toString());
        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(calls(dir)).anyMatch(c -> c.contains("--create") && c.contains("--topic payments --partitions 4"));
        assertThat(run.output()).contains("payments is created with 4 partitions, not 6, to match the existing orders");
    }

    @Test
    void createTopicsFailsWhenTheExistingCoPartitionedTopicsDiffer(@TempDir Path dir) throws Exception {
        Path bin = fakeKafka(dir, "orders:4", "payments:3");
        Run run = run(topicsEnv(bin, "orders 4\npayments 4\n"), "/bin/bash", CREATE_TOPICS.toString());
        assertThat(run.exit()).isEqualTo(1);
        assertThat(run.output()).contains("orders has 4 partitions and payments has 3: they must be equal");
    }
}
