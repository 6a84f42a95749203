package com.shopstream.common.errors;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.RunningStreams;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.testing.TimedOrdersFixture;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.TimeWindowLateness;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.streams.KafkaStreams;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * Records sent to make a service fail, on a real broker: an unreadable one (its dead letter out, the service still
 * processing), and one at the broker's size limit, whose dead letter with its headers would be over it (written
 * truncated, the service still processing).
 */
@EmbeddedKafka(partitions = 1,
        topics = {TimedOrdersFixture.INPUT, TimedOrdersFixture.ADMITTED, TimedOrdersFixture.LATE,
                DeadLetterAttackTest.SERVICE + "-dlq", DeadLetterAttackTest.AT_LIMIT + "-dlq"},
        brokerProperties = {KafkaTestClients.TXN_LOG_REPLICATION, KafkaTestClients.TXN_LOG_MIN_ISR,
                KafkaTestClients.NO_TIME_RETENTION})
class DeadLetterAttackTest {

    static final String SERVICE = "dlq-broker-test";
    static final String AT_LIMIT = "dlq-at-limit-test";
    /** A value whose record is just under the broker's default message.max.bytes (1,048,588): its copy is over. */
    private static final int AT_LIMIT_BYTES = 1_048_588 - 200;

    @Test
    void anUnreadableRecordInItsDeadLetterOut(EmbeddedKafkaBroker broker) {
        DeadLetterRoundTrip.run(broker.getBrokersAsString(), SERVICE);
    }

    @Test
    void aRecordAtTheBrokersSizeLimitIsATruncatedDeadLetterAndTheServiceGoesOn(EmbeddedKafkaBroker broker) {
        String bootstrap = broker.getBrokersAsString();
        List<QueryLateness> spec = List.of(new QueryLateness("q", Duration.ofMinutes(3),
                new TimeWindowLateness(Duration.ofMinutes(5), Duration.ofMinutes(5))));
        byte[] huge = new byte[AT_LIMIT_BYTES];
        java.util.Arrays.fill(huge, (byte) 'x');
        try (TestStreams config = TestStreams.forBroker(AT_LIMIT, bootstrap, TestStreams.tempDir(AT_LIMIT));
             RunningStreams running = RunningStreams.start(
                     TimedOrdersFixture.local(config.builder(), TestStreams.topics(), spec),
                     config.properties(), Duration.ofSeconds(60))) {

            KafkaTestClients.produce(bootstrap, TimedOrdersFixture.INPUT, "9".getBytes(StandardCharsets.UTF_8), huge,
                    null);
            KafkaTestClients.produce(bootstrap, TimedOrdersFixture.INPUT, "10",
                    "{\"order_id\":10,\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T10:00:00Z\"}");

            List<OutputRecord> admitted = KafkaTestClients.readCommittedUntil(bootstrap, TimedOrdersFixture.ADMITTED,
                    records -> records.stream().anyMatch(r -> "10".equals(r.key())), Duration.ofSeconds(60));
            assertThat(admitted).extracting(OutputRecord::key).contains("10");
            List<OutputRecord> dead = KafkaTestClients.readCommittedUntil(bootstrap, AT_LIMIT + "-dlq",
                    records -> records.stream().anyMatch(r -> "9".equals(r.key())), Duration.ofSeconds(30));
            assertThat(dead).filteredOn(r -> "9".equals(r.key())).singleElement().satisfies(letter -> {
                assertThat(letter.value()).hasSize(16 * 1024).matches("x+");
                assertThat(letter.headers()).containsEntry(DeadLetterHeaders.STAGE, "deserialization")
                        .containsEntry(DeadLetterHeaders.SOURCE_TOPIC, TimedOrdersFixture.INPUT)
                        .containsEntry(DeadLetterTruncation.TRUNCATED, "key 1 of 1 bytes, value 16384 of "
                                + AT_LIMIT_BYTES + " bytes, 0 headers left out");
            });
            assertThat(running.streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
        }
    }

    /** The same round trip for any broker (the Testcontainers variant runs it too). */
    static final class DeadLetterRoundTrip {

        static void run(String bootstrap, String service) {
            List<QueryLateness> spec = List.of(new QueryLateness("q", Duration.ofMinutes(3),
                new TimeWindowLateness(Duration.ofMinutes(5), Duration.ofMinutes(5))));
            try (TestStreams config = TestStreams.forBroker(service, bootstrap, TestStreams.tempDir(service));
                 RunningStreams running = RunningStreams.start(
                         TimedOrdersFixture.local(config.builder(), TestStreams.topics(), spec),
                         config.properties(), Duration.ofSeconds(60))) {

                KafkaTestClients.produce(bootstrap, TimedOrdersFixture.INPUT, "1", "{\"order_id\":1,\"amount\":1}");
                KafkaTestClients.produce(bootstrap, TimedOrdersFixture.INPUT, "2",
                        "{\"order_id\":2,\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T10:00:00Z\"}");

                List<OutputRecord> dead = KafkaTestClients.readCommitted(bootstrap, service + "-dlq", 1,
                        Duration.ofSeconds(30));
                assertThat(dead).hasSize(1);
                assertThat(dead.get(0).key()).isEqualTo("1");
                assertThat(dead.get(0).value()).isEqualTo("{\"order_id\":1,\"amount\":1}");
                assertThat(dead.get(0).headers())
                        .containsEntry(DeadLetterHeaders.REASON, "customer_id missing")
                        .containsEntry(DeadLetterHeaders.FIELD, "customer_id")
                        .containsEntry(DeadLetterHeaders.STAGE, "deserialization")
                        .containsEntry(DeadLetterHeaders.SOURCE_TOPIC, "orders")
                        .containsEntry(DeadLetterHeaders.SOURCE_PARTITION, "0")
                        .containsEntry(DeadLetterHeaders.SOURCE_OFFSET, "0");
                List<OutputRecord> admitted = KafkaTestClients.readCommitted(bootstrap, TimedOrdersFixture.ADMITTED,
                        1, Duration.ofSeconds(30));
                assertThat(admitted).extracting(OutputRecord::key).containsExactly("2");
                assertThat(running.streams().state()).isEqualTo(KafkaStreams.State.RUNNING);
                assertThat(config.progress().deadLetters()).isEqualTo(1);
            }
        }
    }
}
