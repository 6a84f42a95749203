package com.shopstream.orders.broker;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.QueryProgress;
import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.PartitionKeys;
import com.shopstream.common.testing.ServiceBrokerTest;
import com.shopstream.eventtime.InputClocks.PartitionState.Status;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.orders.OrdersServiceApplication;
import java.time.Duration;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * Idleness on a real broker, three partitions, the service as it runs: a partition that gets no records holds the
 * windows while the others go on; once its reader has found nothing to read for the idle timeout, the windows
 * close; a record that then comes for a closed window goes to the late topic saying its partition was idle.
 */
@SpringBootTest(classes = OrdersServiceApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {OrdersServiceApplication.CONFIG_NAME, "shopstream.watermark.idle-timeout=" + IdlePartitionBrokerTest.IDLE})
@EmbeddedKafka(partitions = 3,
        topics = {"orders", "orders-per-5m", "orders-per-5m-final", "orders-per-10m-every-5m",
                "orders-per-10m-every-5m-final", "orders-service-late", "orders-service-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class IdlePartitionBrokerTest extends ServiceBrokerTest {

    /**
     * Long enough that four records are read and judged well before orders-2 can be idle (its reader's timeout runs
     * from its first look at it, when the service started).
     */
    static final String IDLE = "12s";
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Autowired
    ProgressRegistry progress;

    @Test
    void aQuietPartitionHoldsTheWindowsUntilItIsIdle() {
        awaitRunning();
        List<Long> ids = PartitionKeys.onePerPartition(3, 100, Long::toString);
        List<Long> later = PartitionKeys.onePerPartition(3, 200, Long::toString);
        order(ids.get(0), "10:00:30");
        order(ids.get(1), "10:01:00");
        order(later.get(0), "10:20:00");
        order(later.get(1), "10:20:00");
        QueryProgress query = progress.query("orders-per-5m", Duration.ofMinutes(3), List.of("orders"));
        Awaitility.await("the four orders to be read and orders-2 seen").atMost(WAIT)
                .until(() -> query.inputRows() == 4 && query.partitions().size() == 3);

        // orders-0 and -1 are at 10:17, orders-2 has no record and is not idle yet: [10:00,10:05) waits for it
        assertThat(query.partitions().get(new InputPartition("orders", 2)).status()).isEqualTo(Status.AWAITED);
        assertThat(KafkaTestClients.readCommitted(brokers(), "orders-per-5m-final", 1, Duration.ofSeconds(1)))
                .as("nothing final while orders-2 is awaited").isEmpty();

        // once orders-2's reader has found nothing to read for the idle timeout, it does not hold the window any more
        List<OutputRecord> finals = KafkaTestClients.readCommitted(brokers(), "orders-per-5m-final", 1, WAIT);
        assertThat(finals).extracting(OutputRecord::key).containsExactly("2026-01-22T10:00:00Z/2026-01-22T10:05:00Z");
        assertThat(finals.get(0).value()).contains("\"orders\":2,");
        assertThat(query.partitions().get(new InputPartition("orders", 2)).status()).isEqualTo(Status.IDLE);

        // orders-2's first record: on time for its own partition, but its window was closed while it was idle
        order(ids.get(2), "10:02:00");
        List<OutputRecord> late = KafkaTestClients.readCommitted(brokers(), "orders-service-late", 2, WAIT);
        assertThat(late).extracting(r -> r.headers().get("x-late-query"))
                .containsExactlyInAnyOrder("orders-per-5m", "orders-per-10m-every-5m");
        assertThat(late).allSatisfy(r -> assertThat(r.headers())
                .containsEntry("x-late-cause", "idle-partition")
                .containsEntry("x-late-partition", "orders-2"));
    }

    private void order(long id, String time) {
        KafkaTestClients.produce(brokers(), "orders", Long.toString(id), "{\"order_id\":" + id
                + ",\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }
}
