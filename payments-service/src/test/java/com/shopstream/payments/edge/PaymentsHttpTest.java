package com.shopstream.payments.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.payments.PaymentsServiceApplication;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.test.context.EmbeddedKafka;
import org.springframework.test.annotation.DirtiesContext;

/**
 * The HTTP edge against a real broker. Each test uses its own payment ids; what is written to {@code payments-raw}
 * is checked by reading the topic up to a sentinel payment sent last, so "nothing written" is an exact statement.
 */
@SpringBootTest(classes = PaymentsServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {PaymentsServiceApplication.CONFIG_NAME, "shopstream.payments.max-body-size=2KB",
                "shopstream.payments.webhook-secrets=" + PaymentsHttpTest.SECRET,
                "shopstream.management.password=" + PaymentsHttpTest.OPERATOR_PASSWORD})
@EmbeddedKafka(partitions = 1, topics = {"orders", "payments-raw", "payments", "payments-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
@DirtiesContext
class PaymentsHttpTest extends ServiceBrokerTest {

    static final String SECRET = "whsec_c2hvcHN0cmVhbS1wYXltZW50cy1odHRwLXRlc3Q=";
    static final String OPERATOR_PASSWORD = "operator-password-for-this-test";
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final java.util.concurrent.atomic.AtomicLong IDS = new java.util.concurrent.atomic.AtomicLong();

    @LocalServerPort
    int port;

    @Test
    void aGoodPaymentIsAcknowledgedAfterTheBrokerHasIt() throws Exception {
        HttpResponse<String> response = post("/payments", payment("good-1", 110, "12.50"));

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.body()).contains("\"payment_id\":\"good-1\"", "\"status\":\"accepted\"", "\"offset\":");
        List<OutputRecord> written = writtenUpTo("good-1");
        assertThat(written).extracting(OutputRecord::key).containsOnlyOnce("good-1");
        assertThat(written.get(written.size() - 1).value()).isEqualTo(payment("good-1", 110, "12.50"));
    }

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "`not json`                                                                          | `null` | not valid JSON at column 1: Unrecognized token 'not'",
            "`{\"payment_id\":\"b1\",\"amount\":1,\"paid_ts\":\"2026-01-22T10:00:00Z\"}`          | order_id | order_id missing",
            "`{\"payment_id\":\"b2\",\"order_id\":\"1\",\"amount\":1,\"paid_ts\":\"2026-01-22T10:00:00Z\"}` | order_id | order_id must be a JSON number, not a string",
            "`{\"payment_id\":\"b3\",\"order_id\":1,\"amount\":-1,\"paid_ts\":\"2026-01-22T10:00:00Z\"}` | amount | amount is negative",
            "`{\"payment_id\":\"b4\",\"order_id\":1,\"amount\":1.005,\"paid_ts\":\"2026-01-22T10:00:00Z\"}` | amount | amount has 3 fraction digits",
            "`{\"payment_id\":\"b5\",\"order_id\":1,\"amount\":1,\"paid_ts\":\"tomorrow\"}`          | paid_ts | paid_ts is not an ISO-8601 timestamp: \\\"tomorrow\\\"",
            "`{\"payment_id\":\"b6\",\"order_id\":1,\"amount\":1,\"paid_ts\":\"2099-01-01T00:00:00Z\"}` | paid_ts | paid_ts 2099-01-01T00:00:00Z is more than PT1H ahead of the wall clock",
            "`{\"order_id\":1,\"amount\":1,\"paid_ts\":\"2026-01-22T10:00:00Z\"}`                  | payment_id | payment_id missing"})
    void eachKindOfBadPaymentIsA400WithItsReasonAndNothingIsWritten(String body, String field, String reason)
            throws Exception {
        String sentinel = "after-bad-" + Math.abs(reason.hashCode());

        HttpResponse<String> response = post("/payments", body);
        post("/payments", payment(sentinel, 1, "1.00"));

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("\"reason\":\"" + reason + "\"");
        if (!"null".equals(field)) {
            assertThat(response.body()).contains("\"field\":\"" + field + "\"");
        }
        List<OutputRecord> written = writtenUpTo(sentinel);
        assertThat(written.get(written.size() - 1).key()).isEqualTo(sentinel);
        assertThat(written).noneMatch(r -> r.value().equals(body));
    }

    @Test
    void aBatchWritesItsGoodLinesAndReportsItsBadOnes() throws Exception {
        String batch = payment("batch-1", 1, "1.00") + "\n"
                + "{\"payment_id\":\"batch-2\",\"order_id\":2,\"amount\":1.999,\"paid_ts\":\"2026-01-22T10:00:00Z\"}\n"
                + "\n"
                + payment("batch-3", 3, "3.00") + "\n"
                + "garbage\n";

        HttpResponse<String> response = post("/payments/batch", batch);

        assertThat(response.statusCode()).isEqualTo(207);
        assertThat(response.body()).isEqualTo("{\"accepted\":2,\"duplicates\":0,\"rejected\":["
                + "{\"line\":2,\"field\":\"amount\",\"reason\":\"amount has 3 fraction digits\"},"
                + "{\"line\":5,\"reason\":\"not valid JSON at column 1: Unrecognized token 'garbage'\"}],\"failed\":[]}");
        List<OutputRecord> written = writtenUpTo("batch-3");
        assertThat(written.subList(written.size() - 2, written.size())).extracting(OutputRecord::key)
                .containsExactly("batch-1", "batch-3");
        assertThat(written).extracting(OutputRecord::key).doesNotContain("batch-2");
    }

    @Test
    void aPaymentTwiceInOneBatchIsWrittenOnceAndOtherContentUnderItsIdIsRejected() throws Exception {
        String batch = payment("twice-1", 11, "11.00") + "\n" + payment("twice-1", 11, "11.00") + "\n"
                + payment("twice-1", 11, "12.00") + "\n" + payment("after-twice", 1, "1.00") + "\n";

        HttpResponse<String> response = post("/payments/batch", batch);

        assertThat(response.statusCode()).isEqualTo(207);
        assertThat(response.body()).isEqualTo("{\"accepted\":2,\"duplicates\":1,\"rejected\":[{\"line\":3,"
                + "\"field\":\"payment_id\",\"reason\":\"payment_id twice-1 is on line 1 of this batch with other "
                + "content\"}],\"failed\":[]}");
        assertThat(writtenUpTo("after-twice")).extracting(OutputRecord::key)
                .filteredOn(key -> key.equals("twice-1")).hasSize(1);
    }

    @Test
    void aRepeatedPaymentIdIsAcceptedOnceAndOtherContentConflicts() throws Exception {
        HttpResponse<String> first = post("/payments", payment("repeat-1", 5, "5.00"));
        HttpResponse<String> again = post("/payments", payment("repeat-1", 5, "5.00"));
        HttpResponse<String> changed = post("/payments", payment("repeat-1", 5, "6.00"));
        post("/payments", payment("after-repeat", 1, "1.00"));

        assertThat(first.statusCode()).isEqualTo(202);
        assertThat(again.statusCode()).isEqualTo(202);
        assertThat(again.body()).contains("\"status\":\"duplicate\"");
        assertThat(changed.statusCode()).isEqualTo(409);
        assertThat(writtenUpTo("after-repeat")).extracting(OutputRecord::key)
                .filteredOn(key -> key.equals("repeat-1")).hasSize(1);
    }

    @Test
    void onlyTheContractsFieldsAreForwardedInCanonicalForm() throws Exception {
        HttpResponse<String> response = post("/payments", "{\"card\":\"4111 1111 1111 1111\", \"order_id\": 7, "
                + "\"paid_ts\": 1769076000000, \"amount\": 7.5, \"payment_id\": \"canonical-1\", \"note\": {\"a\": [1]}}");

        assertThat(response.statusCode()).isEqualTo(202);
        List<OutputRecord> written = writtenUpTo("canonical-1");
        assertThat(written.get(written.size() - 1).value()).isEqualTo(
                "{\"payment_id\":\"canonical-1\",\"order_id\":7,\"amount\":7.50,\"paid_ts\":\"2026-01-22T10:00:00Z\"}");
    }

    @Test
    void anUnsignedOrForgedRequestIsA401WithItsReasonAndNothingIsWritten() throws Exception {
        String body = payment("forged-1", 9, "9.00");
        HttpResponse<String> unsigned = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                + "/payments")).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
        long now = System.currentTimeMillis() / 1000;
        String otherSecret = WebhookSignatures.newSecret();
        HttpResponse<String> forged = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                + "/payments")).header(WebhookSignatures.ID_HEADER, "msg_forged")
                .header(WebhookSignatures.TIMESTAMP_HEADER, Long.toString(now))
                .header(WebhookSignatures.SIGNATURE_HEADER, WebhookSignatures.sign(otherSecret, "msg_forged", now,
                        body.getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        post("/payments", payment("after-forged", 1, "1.00"));

        assertThat(unsigned.statusCode()).isEqualTo(401);
        assertThat(unsigned.body()).contains("webhook-id, webhook-timestamp and webhook-signature headers");
        assertThat(forged.statusCode()).isEqualTo(401);
        assertThat(forged.body()).contains("no v1 signature");
        assertThat(writtenUpTo("after-forged")).extracting(OutputRecord::key).doesNotContain("forged-1");
    }

    @Test
    void healthDetailsAreTheOperatorsAndTheStatusAnyones() throws Exception {
        awaitRunning();
        HttpResponse<String> anyone = get("/actuator/health", null);
        HttpResponse<String> operator = get("/actuator/health", "operator:" + OPERATOR_PASSWORD);
        HttpResponse<String> wrong = get("/actuator/health", "operator:guess");

        assertThat(anyone.statusCode()).isEqualTo(200);
        assertThat(anyone.body()).contains("\"status\":\"UP\"").doesNotContain("components", "paymentsProducer");
        assertThat(operator.statusCode()).isEqualTo(200);
        assertThat(operator.body()).contains("\"components\"", "\"webhookSignatures\"", "\"signatures\":\"required\"");
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(get("/actuator/health/readiness", null).body()).contains("\"status\":\"UP\"");
        // no other path reads credentials: a caller's own Authorization header is no business of this service's
        assertThat(get("/actuator/prometheus", "operator:guess").statusCode()).isEqualTo(200);
    }

    @Test
    void aPaymentWithSomeoneElsesAuthorizationHeaderIsReadAsAnyOther() throws Exception {
        String body = payment("basic-1", 12, "12.00");
        String id = "msg_basic_1";
        long now = System.currentTimeMillis() / 1000;
        byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port
                        + "/payments"))
                .header("Authorization", "Basic " + java.util.Base64.getEncoder().encodeToString(
                        "provider:its-own-password".getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .header(WebhookSignatures.ID_HEADER, id)
                .header(WebhookSignatures.TIMESTAMP_HEADER, Long.toString(now))
                .header(WebhookSignatures.SIGNATURE_HEADER, WebhookSignatures.sign(SECRET, id, now, bytes))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(202);
    }

    private HttpResponse<String> get(String path, String credentials) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
        if (credentials != null) {
            request.header("Authorization", "Basic " + java.util.Base64.getEncoder()
                    .encodeToString(credentials.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aBodyOverTheLimitIsRefused() throws Exception {
        HttpResponse<String> response = post("/payments", "{\"payment_id\":\"" + "x".repeat(3000) + "\"}");

        assertThat(response.statusCode()).isEqualTo(413);
        assertThat(response.body()).contains("larger than 2048 bytes");
    }

    /** Everything on payments-raw up to and including the record keyed {@code lastKey}. */
    private List<OutputRecord> writtenUpTo(String lastKey) {
        List<OutputRecord> all = KafkaTestClients.readCommittedUntil(brokers(), "payments-raw",
                records -> records.stream().anyMatch(r -> lastKey.equals(r.key())), Duration.ofSeconds(30));
        int last = -1;
        for (int i = 0; i < all.size(); i++) {
            if (lastKey.equals(all.get(i).key())) {
                last = i;
            }
        }
        assertThat(last).as("record %s on payments-raw", lastKey).isNotNegative();
        return all.subList(0, last + 1);
    }

    /** Signed as a provider signs: a new webhook-id per request, now as its timestamp. */
    private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        String id = "msg_http_test_" + IDS.incrementAndGet();
        long now = System.currentTimeMillis() / 1000;
        byte[] bytes = body.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header(WebhookSignatures.ID_HEADER, id)
                .header(WebhookSignatures.TIMESTAMP_HEADER, Long.toString(now))
                .header(WebhookSignatures.SIGNATURE_HEADER, WebhookSignatures.sign(SECRET, id, now, bytes))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String payment(String id, long orderId, String amount) {
        return "{\"payment_id\":\"" + id + "\",\"order_id\":" + orderId + ",\"amount\":" + amount
                + ",\"paid_ts\":\"2026-01-22T10:00:00Z\"}";
    }
}
