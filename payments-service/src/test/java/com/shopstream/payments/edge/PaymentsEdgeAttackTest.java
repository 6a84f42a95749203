package com.shopstream.payments.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.payments.PaymentsServiceApplication;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.test.context.EmbeddedKafka;
import org.springframework.test.annotation.DirtiesContext;

/**
 * Every way in through the payments edge that is not an honest, signed payment, tried against the running service
 * on a real broker, each attack from a client address of its own ({@code X-Forwarded-For}, trusted from loopback
 * with {@code server.forward-headers-strategy=native}) between honest payments from others. Per attack: requests
 * tried, refused with the expected status, and honest payments lost (each honest payment must reach
 * {@code payments-raw} and {@code payments} exactly once). The table goes to the log; the README's security section
 * quotes it.
 */
@SpringBootTest(classes = PaymentsServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {PaymentsServiceApplication.CONFIG_NAME, "shopstream.payments.max-body-size=2KB",
                "shopstream.payments.webhook-secrets=" + PaymentsEdgeAttackTest.SECRET,
                "server.forward-headers-strategy=native",
                "shopstream.rate-limit.requests-per-second=20", "shopstream.rate-limit.burst=40"})
@EmbeddedKafka(partitions = 1, topics = {"orders", "payments-raw", "payments", "payments-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
@DirtiesContext
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PaymentsEdgeAttackTest extends ServiceBrokerTest {

    static final String SECRET = "whsec_c2hvcHN0cmVhbS1wYXltZW50cy1hdHRhY2stdGVzdA==";
    private static final Logger log = LoggerFactory.getLogger(PaymentsEdgeAttackTest.class);
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final String PAID_TS = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(120).toString();
    private static final AtomicInteger IDS = new AtomicInteger();
    private static final AtomicInteger CLIENTS = new AtomicInteger(10);
    /** attack → {tried, refused as expected}; and the honest payments acknowledged between the attacks. */
    private static final Map<String, int[]> TALLY = new LinkedHashMap<>();
    private static final Map<String, String> EXPECTED = new LinkedHashMap<>();
    private static final List<String> HONEST = new ArrayList<>();

    @LocalServerPort
    int port;

    @Test
    @Order(1)
    void forgedSignatures() throws Exception {
        String otherSecret = WebhookSignatures.newSecret();
        attack("forged: signed with another secret", 20, 401, i -> request(payment(), otherSecret, 0, b -> b));
    }

    @Test
    @Order(2)
    void tamperedBodies() throws Exception {
        attack("tampered: body changed after signing", 20, 401,
                i -> request(payment(), SECRET, 0, body -> body.replace("\"amount\":12.50", "\"amount\":0.01")));
    }

    @Test
    @Order(3)
    void replayedAndFutureTimestamps() throws Exception {
        attack("replayed: validly signed 6 min ago", 20, 401, i -> request(payment(), SECRET, -360, b -> b));
        attack("future: validly signed 6 min ahead", 10, 401, i -> request(payment(), SECRET, 360, b -> b));
    }

    @Test
    @Order(4)
    void unsignedRequests() throws Exception {
        attack("unsigned", 20, 401, i -> HttpRequest.newBuilder(uri("/payments"))
                .POST(HttpRequest.BodyPublishers.ofString(payment())));
    }

    @Test
    @Order(5)
    void oversizedBodies() throws Exception {
        attack("oversized: body over max-body-size", 5, 413, i -> request(
                "{\"payment_id\":\"" + "x".repeat(3_000) + "\"}", SECRET, 0, b -> b));
    }

    @Test
    @Order(6)
    void aPaymentTooLargeForTheBrokerIsA413AndLeavesTheInstanceReady() throws Exception {
        // payments-raw takes at most 600 bytes a batch here: an honest payment fits, one with a 256-character id not
        ConfigResource raw = new ConfigResource(ConfigResource.Type.TOPIC, "payments-raw");
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, brokers()))) {
            admin.incrementalAlterConfigs(Map.of(raw, List.of(new AlterConfigOp(
                    new ConfigEntry("max.message.bytes", "600"), AlterConfigOp.OpType.SET)))).all().get();
            // the broker applies a topic's config as it reads it from the metadata log: wait until it says so
            org.awaitility.Awaitility.await("payments-raw's max.message.bytes of 600").atMost(Duration.ofSeconds(30))
                    .until(() -> "600".equals(admin.describeConfigs(List.of(raw)).all().get().get(raw)
                            .get("max.message.bytes").value()));
        }
        try {
            Attack tooLarge = i -> request("{\"payment_id\":\"" + "y".repeat(250) + i
                    + "\",\"order_id\":1,\"amount\":1.00,\"paid_ts\":\"" + PAID_TS + "\"}", SECRET, 0, b -> b);
            attack("too large for the broker", 5, 413, tooLarge);
            // right after a refused write, with no honest write between: still ready
            HttpResponse<String> refused = HTTP.send(tooLarge.request(9).header("X-Forwarded-For", "203.0.113.99")
                    .build(), HttpResponse.BodyHandlers.ofString());
            HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(uri("/actuator/health/readiness")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(refused.statusCode()).as(refused.body()).isEqualTo(413);
            assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
        } finally {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, brokers()))) {
                admin.incrementalAlterConfigs(Map.of(new ConfigResource(ConfigResource.Type.TOPIC, "payments-raw"),
                        List.of(new AlterConfigOp(new ConfigEntry("max.message.bytes", ""),
                                AlterConfigOp.OpType.DELETE)))).all().get();
            }
        }
    }

    @Test
    @Order(7)
    void collidingIds() throws Exception {
        List<String> taken = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            taken.add(honest());
        }
        AtomicInteger next = new AtomicInteger();
        attack("colliding id: an accepted id with other content", 10, 409, i -> request(
                payment(taken.get(next.getAndIncrement()), "99.99"), SECRET, 0, b -> b));
    }

    @Test
    @Order(8)
    void aFloodFromOneClient() throws Exception {
        // 100 requests at once from one address: the burst (40) passes, the rest wait for their Retry-After
        String client = "203.0.113." + CLIENTS.incrementAndGet();
        int[] tally = TALLY.computeIfAbsent("flood: 100 requests at once from one client", k -> new int[2]);
        EXPECTED.put("flood: 100 requests at once from one client", "429 with Retry-After");
        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < 100; i++) {
            sent.add(HTTP.sendAsync(request(payment(), SECRET, 0, b -> b).header("X-Forwarded-For", client).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        int limited = 0;
        java.util.concurrent.CompletableFuture.allOf(sent.toArray(java.util.concurrent.CompletableFuture[]::new)).get();
        long elapsedSeconds = Duration.ofNanos(System.nanoTime() - start).toSeconds() + 1;
        for (var response : sent) {
            HttpResponse<String> answer = response.get();
            tally[0]++;
            if (answer.statusCode() == 429 && answer.headers().firstValue("Retry-After").isPresent()) {
                limited++;
                tally[1]++;
            } else {
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(202);
                HONEST.add(answer.body().replaceAll(".*\"payment_id\":\"([^\"]+)\".*", "$1"));
            }
        }
        // the burst passes, then what the bucket refilled (20 a second) while the flood lasted; the rest is refused
        assertThat(100 - limited).as("requests let through in " + elapsedSeconds + " s")
                .isBetween(40, (int) (40 + 20 * elapsedSeconds));
        honest();   // another client is not held back
    }

    @AfterAll
    static void everyHonestPaymentReachedPaymentsOnceAndTheTableIsLogged() {
        List<OutputRecord> raw = KafkaTestClients.readCommittedUntil(brokers(), "payments-raw",
                records -> records.stream().map(OutputRecord::key).toList().containsAll(HONEST), Duration.ofSeconds(60));
        List<OutputRecord> keyed = KafkaTestClients.readCommittedUntil(brokers(), "payments",
                records -> records.size() >= HONEST.size(), Duration.ofSeconds(60));
        List<String> ids = keyed.stream().map(r -> r.value().replaceAll(".*\"payment_id\":\"([^\"]+)\".*", "$1"))
                .toList();
        long lost = HONEST.stream().filter(id -> !ids.contains(id)).count();
        StringBuilder table = new StringBuilder("| attack | requests | refused as expected | answer |\n"
                + "|---|---:|---:|---|\n");
        TALLY.forEach((attack, counts) -> table.append(String.format("| %s | %d | %d | %s |%n", attack,
                counts[0], counts[1], EXPECTED.get(attack))));
        table.append(String.format("%nhonest signed payments between the attacks: %d acknowledged (202), %d in "
                + "payments-raw, %d once in payments, %d lost%n", HONEST.size(),
                raw.stream().map(OutputRecord::key).filter(HONEST::contains).distinct().count(),
                ids.stream().filter(HONEST::contains).distinct().count(), lost));
        log.info("payments edge attacks:\n{}", table);
        assertThat(raw).extracting(OutputRecord::key).containsAll(HONEST);
        assertThat(ids).as("each honest payment once in payments, nothing else").containsExactlyInAnyOrderElementsOf(
                HONEST);
        assertThat(lost).isZero();
    }

    /** {@code count} attack requests from a client address of their own, each between two honest payments. */
    private void attack(String name, int count, int status, Attack attack) throws Exception {
        String client = "203.0.113." + CLIENTS.incrementAndGet();
        int[] tally = TALLY.computeIfAbsent(name, k -> new int[2]);
        EXPECTED.put(name, Integer.toString(status));
        for (int i = 0; i < count; i++) {
            honest();
            HttpResponse<String> answer = HTTP.send(attack.request(i).header("X-Forwarded-For", client).build(),
                    HttpResponse.BodyHandlers.ofString());
            tally[0]++;
            if (answer.statusCode() == status) {
                tally[1]++;
            } else {
                log.warn("{}: {} {}", name, answer.statusCode(), answer.body());
            }
        }
        honest();
        assertThat(tally[1]).as(name + ": refused with " + status + " (other answers are in the log)")
                .isEqualTo(tally[0]);
    }

    /** A signed payment from one of many honest providers' addresses, acknowledged; its id. */
    private String honest() throws Exception {
        int n = IDS.incrementAndGet();
        String id = "honest-" + n;
        HttpResponse<String> answer = HTTP.send(request(payment(id, "12.50"), SECRET, 0, b -> b)
                .header("X-Forwarded-For", "198.51.100." + (n % 200)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(202);
        HONEST.add(id);
        return id;
    }

    private static String payment() {
        return payment("attack-" + IDS.incrementAndGet(), "12.50");
    }

    private static String payment(String id, String amount) {
        return "{\"payment_id\":\"" + id + "\",\"order_id\":" + (1000 + id.length()) + ",\"amount\":" + amount
                + ",\"paid_ts\":\"" + PAID_TS + "\"}";
    }

    /** Signed with {@code secret} at now + {@code skewSeconds}, the body then passed through {@code change}. */
    private HttpRequest.Builder request(String body, String secret, long skewSeconds, UnaryOperator<String> change) {
        String id = "msg_attack_" + IDS.incrementAndGet();
        long at = System.currentTimeMillis() / 1000 + skewSeconds;
        String signature = WebhookSignatures.sign(secret, id, at, body.getBytes(StandardCharsets.UTF_8));
        return HttpRequest.newBuilder(uri("/payments"))
                .header(WebhookSignatures.ID_HEADER, id)
                .header(WebhookSignatures.TIMESTAMP_HEADER, Long.toString(at))
                .header(WebhookSignatures.SIGNATURE_HEADER, signature)
                .POST(HttpRequest.BodyPublishers.ofString(change.apply(body)));
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }

    @FunctionalInterface
    private interface Attack {
        HttpRequest.Builder request(int index) throws Exception;
    }
}
