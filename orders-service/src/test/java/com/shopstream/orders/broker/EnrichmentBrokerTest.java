package com.shopstream.orders.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.orders.OrdersServiceApplication;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The enrichment on a real broker, switched on as a user does ({@code shopstream.orders.enrichment.enabled}): a
 * customer's tier changes after an order was read but before its time, and the order gets the version valid then.
 */
@SpringBootTest(classes = OrdersServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
        properties = {OrdersServiceApplication.CONFIG_NAME, "shopstream.orders.enrichment.enabled=true"})
@EmbeddedKafka(partitions = 1,
        topics = {"orders", "customers", "orders-enriched", "orders-per-5m", "orders-per-5m-final",
                "orders-per-10m-every-5m", "orders-per-10m-every-5m-final", "orders-service-late",
                "orders-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class EnrichmentBrokerTest extends ServiceBrokerTest {

    @Test
    void eachOrderGetsTheCustomerVersionValidAtItsTime() {
        awaitRunning();
        String brokers = brokers();
        customer(brokers, 1, "gold", "09:00:00");
        order(brokers, 101, 1, "10:00:00");
        order(brokers, 103, 1, "10:03:00");
        customer(brokers, 1, "silver", "10:02:00");
        order(brokers, 104, 2, "10:10:00");
        customer(brokers, 3, "bronze", "10:10:00");
        order(brokers, 105, 3, "10:20:00");
        customer(brokers, 3, "bronze", "10:20:00");   // the watermark is 10:17: 101, 103 and 104 are written

        List<OutputRecord> enriched = KafkaTestClients.readCommitted(brokers, "orders-enriched", 3,
                Duration.ofSeconds(60));
        assertThat(enriched).extracting(record -> record.key() + " " + record.value()).containsExactly(
                "101 {\"order_id\":101,\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:00:00Z\","
                        + "\"tier\":\"gold\",\"country\":\"DE\",\"customer_valid_from\":\"2026-01-22T09:00:00Z\"}",
                "103 {\"order_id\":103,\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:03:00Z\","
                        + "\"tier\":\"silver\",\"country\":\"DE\",\"customer_valid_from\":\"2026-01-22T10:02:00Z\"}",
                "104 {\"order_id\":104,\"customer_id\":2,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:10:00Z\","
                        + "\"tier\":null,\"country\":null,\"customer_valid_from\":null}");
    }

    private static void customer(String brokers, long id, String tier, String validFrom) {
        KafkaTestClients.produce(brokers, "customers", Long.toString(id), "{\"customer_id\":" + id + ",\"tier\":\""
                + tier + "\",\"country\":\"DE\",\"valid_from\":\"2026-01-22T" + validFrom + "Z\"}");
    }

    private static void order(String brokers, long orderId, long customerId, String time) {
        KafkaTestClients.produce(brokers, "orders", Long.toString(orderId), "{\"order_id\":" + orderId
                + ",\"customer_id\":" + customerId + ",\"amount\":1.00,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }
}
