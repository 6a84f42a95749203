package com.shopstream.orders.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.RunningStreams;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.orders.config.OrdersProperties;
import com.shopstream.orders.topology.OrderWindowConfig;
import com.shopstream.orders.topology.OrderWindowTopology;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * Append mode across a restart: a window emitted before the restart is never emitted again, even when a record that
 * belongs to it (and to a later, open hopping window) arrives right after the restart, before any newer record.
 * Plain Kafka Streams forgets its stream time on restart and would reopen that window.
 */
@EmbeddedKafka(partitions = 1,
        topics = {"orders", "orders-per-5m", "orders-per-5m-final", "orders-per-10m-every-5m",
                "orders-per-10m-every-5m-final", "orders-service-late", "orders-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class AppendModeRestartBrokerTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void aFinalRowIsNeverEmittedTwiceAcrossARestart(EmbeddedKafkaBroker broker) {
        String bootstrap = broker.getBrokersAsString();
        Path stateDir = TestStreams.tempDir("orders-restart");

        run(bootstrap, stateDir, () -> {
            order(bootstrap, 1, "10:00:30");
            order(bootstrap, 2, "10:10:00");   // watermark 10:07: [10:00,10:05) and [09:55,10:05) are final
            assertThat(keys(bootstrap, "orders-per-5m-final", 1))
                    .containsExactly("2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
            assertThat(keys(bootstrap, "orders-per-10m-every-5m-final", 1))
                    .containsExactly("2026-01-22T09:55:00Z/2026-01-22T10:05:00Z");
        });

        run(bootstrap, stateDir, () -> {
            order(bootstrap, 3, "10:03:00");   // late for [10:00,10:05) and [09:55,10:05); [10:00,10:10) counts it
            order(bootstrap, 4, "10:30:00");   // watermark 10:27
            order(bootstrap, 5, "11:00:00");   // closes [10:25,10:35) and [10:30,10:40): the last finals to wait for

            List<OutputRecord> hopping = read(bootstrap, "orders-per-10m-every-5m-final", 6);
            assertThat(hopping).extracting(OutputRecord::key).doesNotHaveDuplicates().containsExactly(
                    "2026-01-22T09:55:00Z/2026-01-22T10:05:00Z",
                    "2026-01-22T10:00:00Z/2026-01-22T10:10:00Z",
                    "2026-01-22T10:05:00Z/2026-01-22T10:15:00Z",
                    "2026-01-22T10:10:00Z/2026-01-22T10:20:00Z",
                    "2026-01-22T10:25:00Z/2026-01-22T10:35:00Z",
                    "2026-01-22T10:30:00Z/2026-01-22T10:40:00Z");
            assertThat(hopping.get(1).value()).contains("\"orders\":2", "\"total\":2.00");
            assertThat(keys(bootstrap, "orders-per-5m-final", 3)).doesNotHaveDuplicates().containsExactly(
                    "2026-01-22T10:00:00Z/2026-01-22T10:05:00Z",
                    "2026-01-22T10:10:00Z/2026-01-22T10:15:00Z",
                    "2026-01-22T10:30:00Z/2026-01-22T10:35:00Z");
            assertThat(read(bootstrap, "orders-service-late", 2)).extracting(OutputRecord::orderId)
                    .containsExactly(3L, 3L);
        });
    }

    private static void run(String bootstrap, Path stateDir, Runnable body) {
        try (TestStreams config = TestStreams.forBroker("orders-service", bootstrap, stateDir)) {
            ShopTopics topics = TestStreams.topics();
            ShopstreamProperties common = ShopstreamProperties.defaults();
            OrderWindowConfig windows = OrdersProperties.defaults().toConfig(common,
                    common.lateTopic("orders-service"), topics);
            try (RunningStreams ignored = RunningStreams.start(OrderWindowTopology.build(config.builder(), windows),
                    config.properties(), Duration.ofSeconds(60))) {
                body.run();
            }
        }
    }

    private static void order(String bootstrap, long id, String time) {
        KafkaTestClients.produce(bootstrap, "orders", Long.toString(id), "{\"order_id\":" + id
                + ",\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static List<OutputRecord> read(String bootstrap, String topic, int count) {
        List<OutputRecord> records = KafkaTestClients.readCommitted(bootstrap, topic, count, WAIT);
        assertThat(records).as(topic).hasSize(count);
        return records;
    }

    private static List<String> keys(String bootstrap, String topic, int count) {
        return read(bootstrap, topic, count).stream().map(OutputRecord::key).toList();
    }
}
