package com.shopstream.session.broker;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.GoldenAssertions.assertLatest;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.session.SessionServiceApplication;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.StoreSize;
import com.shopstream.common.testing.OutputRecord;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The whole service on a real broker: the shop scenario's orders in, the final sessions (and the streaks, which
 * time out on the same run) read with {@code read_committed}, equal to Spark's results.
 */
@SpringBootTest(classes = SessionServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        // no report closes during the test, so the store sizes the test asks for are read then, not a report's
        properties = {SessionServiceApplication.CONFIG_NAME, "shopstream.progress-interval=1h"})
@EmbeddedKafka(partitions = 1,
        topics = {"orders", "customer-sessions", "customer-sessions-final", "customer-streaks", "session-service-late",
                "session-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class SessionServiceBrokerTest extends ServiceBrokerTest {

    @Autowired
    ProgressRegistry progress;

    @Test
    void theShopScenariosFinalSessionsAreSparks() {
        awaitRunning();
        KafkaTestClients.produce(brokers(),
                ShopScenario.shop().events().stream().filter(ScenarioEvent::isOrder).toList(), "orders", "payments");
        Checkpoint end = ShopExpectations.shop().afterSeq(12);

        assertFinal(end, "customer-sessions-final", KafkaTestClients.readCommitted(brokers(),
                "customer-sessions-final", end.finalRecords("customer-sessions-final").size(), Duration.ofSeconds(60)));
        // four customers' rows (coalesced per commit interval), three of them timed out at the end
        List<OutputRecord> streaks = KafkaTestClients.readCommittedUntil(brokers(), "customer-streaks",
                rows -> rows.stream().map(OutputRecord::key).distinct().count() == 4
                        && rows.stream().filter(r -> r.value().contains("\"timed_out\":true")).count() == 3,
                Duration.ofSeconds(60));
        assertLatest(end, "customer-streaks", streaks);
        // the store holds a streak for each customer whose latest update did not time out: rows counted, where
        // RocksDB's estimate would count the overwritten and deleted entries too
        Map<String, String> latest = new HashMap<>();
        streaks.forEach(r -> latest.put(r.key(), r.value()));
        long held = latest.values().stream().filter(v -> v.contains("\"timed_out\":false")).count();
        assertThat(progress.storeSizes()).extracting(StoreSize::name, StoreSize::rows)
                .contains(Tuple.tuple("customer-streaks-state", held));
    }
}
