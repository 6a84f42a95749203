package com.shopstream.common.watermark;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.RunningStreams;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.testing.TimedOrdersFixture;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.TimeWindowLateness;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The watermark survives restarts: on the same state directory, and on a new instance that only has the changelog.
 * Kafka Streams alone would start over from the first record after a restart and count these late records.
 */
@EmbeddedKafka(partitions = 1,
        topics = {TimedOrdersFixture.INPUT, TimedOrdersFixture.ADMITTED, TimedOrdersFixture.LATE,
                WatermarkRestartBrokerTest.SERVICE + "-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class WatermarkRestartBrokerTest {

    static final String SERVICE = "watermark-restart-test";
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final List<QueryLateness> SPEC = List.of(new QueryLateness("q", Duration.ofMinutes(3),
                new TimeWindowLateness(Duration.ofMinutes(5), Duration.ofMinutes(5))));

    @Test
    void aRecordLateBeforeARestartIsStillLateAfterIt(EmbeddedKafkaBroker broker) {
        String bootstrap = broker.getBrokersAsString();
        Path stateDir = TestStreams.tempDir(SERVICE);

        runOnce(bootstrap, stateDir, () -> {
            order(bootstrap, 1, "10:10:00");   // watermark 10:07: [10:00,10:05) is final
            order(bootstrap, 2, "10:01:00");
            assertThat(lateIds(bootstrap, 1)).containsExactly(2L);
        });

        // same state directory
        runOnce(bootstrap, stateDir, () -> {
            order(bootstrap, 3, "10:02:00");
            assertThat(lateIds(bootstrap, 2)).containsExactly(2L, 3L);
        });

        // a new instance elsewhere: its watermark comes back from the changelog
        runOnce(bootstrap, TestStreams.tempDir(SERVICE + "-elsewhere"), () -> {
            order(bootstrap, 4, "10:03:00");
            order(bootstrap, 5, "10:06:00");   // [10:05,10:10) is still open
            assertThat(lateIds(bootstrap, 3)).containsExactly(2L, 3L, 4L);
            assertThat(admittedIds(bootstrap, 2)).containsExactly(1L, 5L);
        });
    }

    private static void runOnce(String bootstrap, Path stateDir, Runnable body) {
        try (TestStreams config = TestStreams.forBroker(SERVICE, bootstrap, stateDir);
             RunningStreams ignored = RunningStreams.start(
                     TimedOrdersFixture.local(config.builder(), TestStreams.topics(), SPEC),
                     config.properties(), Duration.ofSeconds(60))) {
            body.run();
        }
    }

    private static void order(String bootstrap, long id, String time) {
        KafkaTestClients.produce(bootstrap, TimedOrdersFixture.INPUT, Long.toString(id), "{\"order_id\":" + id
                + ",\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private static List<Long> lateIds(String bootstrap, int count) {
        return KafkaTestClients.readCommitted(bootstrap, TimedOrdersFixture.LATE, count, WAIT).stream()
                .map(OutputRecord::orderId).toList();
    }

    private static List<Long> admittedIds(String bootstrap, int count) {
        return KafkaTestClients.readCommitted(bootstrap, TimedOrdersFixture.ADMITTED, count, WAIT).stream()
                .map(OutputRecord::orderId).toList();
    }
}
