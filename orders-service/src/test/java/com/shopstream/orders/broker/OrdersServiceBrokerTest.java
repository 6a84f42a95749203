package com.shopstream.orders.broker;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.orders.OrdersServiceApplication;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The whole service on a real broker: the shop scenario's orders in, {@code orders-per-5m-final} read with
 * {@code read_committed} equal to Spark's result, and the live window query over HTTP. One input partition, so that
 * the service reads the orders in scenario order, as the expectations assume.
 */
@SpringBootTest(classes = OrdersServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {OrdersServiceApplication.CONFIG_NAME, "shopstream.orders.query-max-rows=4"})
@EmbeddedKafka(partitions = 1,
        topics = {"orders", "orders-per-5m", "orders-per-5m-final", "orders-per-10m-every-5m",
                "orders-per-10m-every-5m-final", "orders-service-late", "orders-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class OrdersServiceBrokerTest extends ServiceBrokerTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Test
    void theShopScenarioEndsAsSparkSaysAndTheWindowsCanBeQueried() throws Exception {
        awaitRunning();
        String brokers = brokers();
        KafkaTestClients.produce(brokers,
                ShopScenario.shop().events().stream().filter(ScenarioEvent::isOrder).toList(), "orders", "payments");
        Checkpoint end = ShopExpectations.shop().afterSeq(12);

        assertFinal(end, "orders-per-5m-final", KafkaTestClients.readCommitted(brokers, "orders-per-5m-final",
                end.finalRecords("orders-per-5m-final").size(), Duration.ofSeconds(60)));

        HttpResponse<String> windows = get("/windows/orders-per-5m?from=2026-01-22T10:00:00Z&to=2026-01-22T11:00:00Z");
        assertThat(windows.statusCode()).isEqualTo(200);
        assertThat(windows.body()).isEqualTo("["
                + "{\"key\":\"2026-01-22T10:00:00Z/2026-01-22T10:05:00Z\",\"window_start\":\"2026-01-22T10:00:00Z\","
                + "\"window_end\":\"2026-01-22T10:05:00Z\",\"orders\":5,\"total\":62.50},"
                + "{\"key\":\"2026-01-22T10:05:00Z/2026-01-22T10:10:00Z\",\"window_start\":\"2026-01-22T10:05:00Z\","
                + "\"window_end\":\"2026-01-22T10:10:00Z\",\"orders\":1,\"total\":15.00},"
                + "{\"key\":\"2026-01-22T10:10:00Z/2026-01-22T10:15:00Z\",\"window_start\":\"2026-01-22T10:10:00Z\","
                + "\"window_end\":\"2026-01-22T10:15:00Z\",\"orders\":1,\"total\":25.00},"
                + "{\"key\":\"2026-01-22T11:00:00Z/2026-01-22T11:05:00Z\",\"window_start\":\"2026-01-22T11:00:00Z\","
                + "\"window_end\":\"2026-01-22T11:05:00Z\",\"orders\":1,\"total\":10.00}]");

        // the hopping query has more than 4 windows in the hour: refused whole, never cut short
        HttpResponse<String> tooMany = get(
                "/windows/orders-per-10m-every-5m?from=2026-01-22T09:00:00Z&to=2026-01-22T11:00:00Z");
        assertThat(tooMany.statusCode()).isEqualTo(400);
        assertThat(tooMany.body()).isEqualTo("{\"error\":\"more than 4 windows (shopstream.orders.query-max-rows): "
                + "ask for a narrower range\"}");
    }

    @Test
    void theWindowQueryRejectsBadInput() throws Exception {
        HttpResponse<String> unknown = get("/windows/nope?from=2026-01-22T10:00:00Z&to=2026-01-22T11:00:00Z");
        assertThat(unknown.statusCode()).isEqualTo(404);
        assertThat(unknown.body()).contains("no window query named 'nope'",
                "[orders-per-10m-every-5m, orders-per-5m]");

        HttpResponse<String> badTime = get("/windows/orders-per-5m?from=yesterday&to=2026-01-22T11:00:00Z");
        assertThat(badTime.statusCode()).isEqualTo(400);
        assertThat(badTime.body()).contains("from must be an ISO-8601 instant");

        HttpResponse<String> reversed = get("/windows/orders-per-5m?from=2026-01-22T11:00:00Z&to=2026-01-22T10:00:00Z");
        assertThat(reversed.statusCode()).isEqualTo(400);
        assertThat(get("/windows/orders-per-5m?from=2026-01-22T11:00:00Z").statusCode()).isEqualTo(400);
        assertThat(post("/windows/orders-per-5m").statusCode()).isEqualTo(405);

        HttpResponse<String> tooWide = get("/windows/orders-per-5m?from=2026-01-01T00:00:00Z&to=2026-01-22T11:00:00Z");
        assertThat(tooWide.statusCode()).isEqualTo(400);
        assertThat(tooWide.body()).contains("is wider than PT24H (shopstream.orders.query-max-range)");

        HttpResponse<String> beyondKafka = get(
                "/windows/orders-per-5m?from=%2B300000000-01-01T00:00:00Z&to=%2B300000000-01-01T00:00:00Z");
        assertThat(beyondKafka.statusCode()).isEqualTo(400);
        assertThat(beyondKafka.body()).contains("from must lie between 1970-01-01T00:00:00Z and");
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

}
