package com.shopstream.join.broker;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.join.JoinServiceApplication;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The whole service on a real broker: the shop scenario's orders and payments (keyed by order, as payments-service
 * writes them) in, {@code orders-payment-status} read with {@code read_committed}, as the contract says.
 */
@SpringBootTest(classes = JoinServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {JoinServiceApplication.CONFIG_NAME})
@EmbeddedKafka(partitions = 1,
        topics = {"orders", "payments", "orders-paid", "orders-payment-status", "payments-unmatched",
                "payments-mismatched", "join-service-late", "join-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class JoinServiceBrokerTest extends ServiceBrokerTest {

    @Autowired
    private StreamsBuilderFactoryBean streams;

    @Test
    void theShopScenariosPaymentStatusIsTheContracts() {
        awaitRunning();
        // join-service.yml's default, as the running client sees it: the scenario below runs on both threads' tasks
        assertThat(streams.getKafkaStreams().metadataForLocalThreads()).as("stream threads").hasSize(2);
        for (ScenarioEvent event : ShopScenario.shop().events()) {
            KafkaTestClients.produce(brokers(), event.isOrder() ? "orders" : "payments",
                    Long.toString(event.orderId()), event.json());
        }
        Checkpoint end = ShopExpectations.shop().afterSeq(12);
        Duration wait = Duration.ofSeconds(60);

        assertFinal(end, "orders-payment-status", KafkaTestClients.readCommitted(brokers(), "orders-payment-status",
                end.finalRecords("orders-payment-status").size(), wait));
        assertFinal(end, "orders-paid", KafkaTestClients.readCommitted(brokers(), "orders-paid",
                end.finalRecords("orders-paid").size(), wait));
        assertLate(end, "join-service-late", KafkaTestClients.readCommitted(brokers(), "join-service-late",
                end.lateIds("join-service-late").size(), wait));
    }
}
