package com.shopstream.session.broker;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLatest;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.session.SessionServiceApplication;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The whole service on a real broker: the shop scenario's orders in, the final sessions (and the streaks, which
 * time out on the same run) read with {@code read_committed}, equal to Spark's results.
 */
@SpringBootTest(classes = SessionServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {SessionServiceApplication.CONFIG_NAME})
@EmbeddedKafka(partitions = 1,
        topics = {"orders", "customer-sessions", "customer-sessions-final", "customer-streaks", "session-service-late",
                "session-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class SessionServiceBrokerTest extends ServiceBrokerTest {

    @Test
    void theShopScenariosFinalSessionsAreSparks() {
        awaitRunning();
        KafkaTestClients.produce(brokers(),
                ShopScenario.shop().events().stream().filter(ScenarioEvent::isOrder).toList(), "orders", "payments");
        Checkpoint end = ShopExpectations.shop().afterSeq(12);

        assertFinal(end, "customer-sessions-final", KafkaTestClients.readCommitted(brokers(),
                "customer-sessions-final", end.finalRecords("customer-sessions-final").size(), Duration.ofSeconds(60)));
        // 9 order updates, then three timeouts
        assertLatest(end, "customer-streaks",
                KafkaTestClients.readCommitted(brokers(), "customer-streaks", 12, Duration.ofSeconds(60)));
    }
}
