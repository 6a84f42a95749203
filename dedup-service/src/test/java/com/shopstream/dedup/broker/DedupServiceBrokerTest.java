package com.shopstream.dedup.broker;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLate;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.dedup.DedupServiceApplication;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

/** The whole service on a real broker: the shop scenario's orders in, both deduplicated topics as Spark has them. */
@SpringBootTest(classes = DedupServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {DedupServiceApplication.CONFIG_NAME})
@EmbeddedKafka(partitions = 1,
        topics = {"orders", "orders-deduped", "orders-deduped-by-id", "dedup-service-late", "dedup-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class DedupServiceBrokerTest extends ServiceBrokerTest {

    @Test
    void theShopScenarioIsDeduplicatedAsSparkDoesIt() {
        awaitRunning();
        KafkaTestClients.produce(brokers(),
                ShopScenario.shop().events().stream().filter(ScenarioEvent::isOrder).toList(), "orders", "payments");
        Checkpoint end = ShopExpectations.shop().afterSeq(12);
        Duration wait = Duration.ofSeconds(60);

        assertFinal(end, "orders-deduped", KafkaTestClients.readCommitted(brokers(), "orders-deduped",
                end.finalRecords("orders-deduped").size(), wait));
        assertFinal(end, "orders-deduped-by-id", KafkaTestClients.readCommitted(brokers(), "orders-deduped-by-id",
                end.finalRecords("orders-deduped-by-id").size(), wait));
        // both deduplications refuse the re-sent 110 (older than the watermark by then) and 160: four records
        assertLate(end, "dedup-service-late",
                KafkaTestClients.readCommitted(brokers(), "dedup-service-late", 4, wait));
    }
}
