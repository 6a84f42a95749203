package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.Await;
import com.shopstream.harness.KafkaTopics.Read;
import com.shopstream.harness.ServiceProcess;
import com.shopstream.payments.edge.WebhookSignatures;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.junit.jupiter.api.Test;

/**
 * A provider's retry lands on another pod after the first one died: two instances of payments-service on a
 * one-partition {@code payments-raw}, a payment accepted by the instance that runs the partition's task (so the id
 * is in its store only), that instance killed with SIGKILL (no goodbye, nothing flushed beyond what was
 * acknowledged), the retry sent to the survivor once it has taken the task over and restored the store from its
 * changelog. The retry is answered {@code duplicate}, the same id with other content is a 409, and {@code payments}
 * holds the payment once: the ids live in the topology's changelogged store, not in a pod's memory.
 */
class PaymentRetryAcrossInstancesTest {

    private static final String SECRET = WebhookSignatures.newSecret();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final List<String> SETTINGS = List.of(
            "--shopstream.payments.webhook-secrets=" + SECRET,
            // a killed instance leaves no goodbye: the group notices it after the session timeout
            "--spring.kafka.streams.properties.session.timeout.ms=10000");

    @Test
    void aRetryOnTheSurvivorIsADuplicateAndReachesPaymentsOnce() throws Exception {
        String paidTs = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60).toString();
        String payment = payment("pay-retry-1", 4242, "42.00", paidTs);
        try (SuiteRun run = SuiteRun.start("payment-retry", 1)) {
            ServiceProcess a = run.startService("payments-service", "payments-a", SETTINGS);
            ServiceProcess b = run.startService("payments-service", "payments-b", SETTINGS);
            a.awaitReady(Duration.ofMinutes(3));
            b.awaitReady(Duration.ofMinutes(3));
            ServiceProcess[] owner = new ServiceProcess[1];
            Await.until("one instance to run the payments-raw partition's task", Duration.ofMinutes(2), () -> {
                boolean onA = readsTheRawPartition(a);
                boolean onB = readsTheRawPartition(b);
                owner[0] = onA == onB ? null : onA ? a : b;
                return owner[0] != null;
            });
            ServiceProcess first = owner[0];
            ServiceProcess second = first == a ? b : a;

            HttpResponse<String> delivered = post(first, payment, "msg_retry_1");
            assertThat(delivered.statusCode()).as(delivered.body()).isEqualTo(202);
            assertThat(delivered.body()).contains("\"status\":\"accepted\"");
            run.awaitDrained(Map.of("payments-service", List.of("payments-raw")), SuiteRun.DRAIN);

            first.kill();
            try (Admin admin = run.topics.admin()) {
                Await.until("payments-service's group to hold only the survivor", Duration.ofMinutes(2), () -> {
                    ConsumerGroupDescription group = admin.describeConsumerGroups(List.of("payments-service"))
                            .all().get().get("payments-service");
                    return group.members().size() == 1
                            && group.groupState() == org.apache.kafka.common.GroupState.STABLE;
                });
            }
            // the group's STABLE comes before the survivor has taken the task: its Kafka Streams may still say RUNNING
            // from before. Its source step reads the partition once the task's store is restored and its processors
            // initialized, and only then can the survivor find the id; RUNNING is asked after that, so it is the
            // state once the task runs
            Await.until("the survivor to run the payments-raw partition's task", Duration.ofMinutes(2), () -> {
                if (!readsTheRawPartition(second)) {
                    return false;
                }
                HttpResponse<String> health = second.get("/actuator/health");
                return health != null && health.body().contains("\"state\":\"RUNNING\"");
            });
            // what the killed instance had not committed, the survivor processes again before it answers
            run.awaitDrained(Map.of("payments-service", List.of("payments-raw")), SuiteRun.DRAIN);

            HttpResponse<String> retried = post(second, payment, "msg_retry_1");
            HttpResponse<String> conflicting = post(second, payment("pay-retry-1", 4242, "99.00", paidTs),
                    "msg_retry_2");
            HttpResponse<String> sentinel = post(second, payment("pay-retry-sentinel", 4243, "1.00", paidTs),
                    "msg_retry_3");

            assertThat(retried.statusCode()).as(retried.body()).isEqualTo(202);
            assertThat(retried.body()).contains("\"status\":\"duplicate\"");
            assertThat(conflicting.statusCode()).as(conflicting.body()).isEqualTo(409);
            assertThat(sentinel.statusCode()).as(sentinel.body()).isEqualTo(202);
            run.awaitDrained(Map.of("payments-service", List.of("payments-raw")), SuiteRun.DRAIN);
            List<Read> keyed = run.topics.readAll(List.of("payments-out")).get("payments-out");
            assertThat(keyed).extracting(Read::value).as("payments (payments-out here)")
                    .containsExactlyInAnyOrder(payment, payment("pay-retry-sentinel", 4243, "1.00", paidTs));
        }
    }

    private static boolean readsTheRawPartition(ServiceProcess instance) {
        return ServiceProgress.of(instance).partitions().values().stream()
                .flatMap(partitions -> partitions.entrySet().stream())
                .anyMatch(p -> p.getKey().startsWith("payments-raw") && p.getValue().readHere());
    }

    private static HttpResponse<String> post(ServiceProcess instance, String body, String id) throws Exception {
        long now = System.currentTimeMillis() / 1000;
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + instance.port() + "/payments"))
                .header(WebhookSignatures.ID_HEADER, id)
                .header(WebhookSignatures.TIMESTAMP_HEADER, Long.toString(now))
                .header(WebhookSignatures.SIGNATURE_HEADER, WebhookSignatures.sign(SECRET, id, now, bytes))
                .POST(HttpRequest.BodyPublishers.ofByteArray(bytes)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String payment(String id, long orderId, String amount, String paidTs) {
        return "{\"payment_id\":\"" + id + "\",\"order_id\":" + orderId + ",\"amount\":" + amount
                + ",\"paid_ts\":\"" + paidTs + "\"}";
    }
}
