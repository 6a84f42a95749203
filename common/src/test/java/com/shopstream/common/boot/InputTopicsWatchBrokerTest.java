package com.shopstream.common.boot;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.KafkaTestClients;
import com.shopstream.eventtime.BrokerClock;
import com.shopstream.eventtime.InputPartition;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.test.EmbeddedKafkaBroker;
import org.springframework.kafka.test.context.EmbeddedKafka;

/**
 * The watch's numbered reads against a real broker: an answer numbered above what {@link InputTopicsWatch#begun()}
 * said right after a write has that write in its end offsets (what lets a frontier's advance over an idle partition
 * wait for a read that sees every record written before the ones that moved it).
 */
@EmbeddedKafka(partitions = 2, topics = InputTopicsWatchBrokerTest.TOPIC)
class InputTopicsWatchBrokerTest {

    static final String TOPIC = "watched";
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final InputPartition FIRST = new InputPartition(TOPIC, 0);

    @Test
    void anAnswerFromAReadBegunAfterAWriteHasItInTheEndOffsets(EmbeddedKafkaBroker broker) {
        InputTopicsWatch watch = new InputTopicsWatch(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString()), Duration.ofSeconds(5),
                Duration.ofMillis(200));
        watch.start();
        try {
            assertThat(watch.endOffset(FIRST)).as("unknown before the first answer").isEmpty();
            Awaitility.await("the first end offsets").atMost(WAIT)
                    .until(() -> watch.endOffset(FIRST).isPresent());
            assertThat(watch.endOffset(FIRST)).isEqualTo(OptionalLong.of(0));

            for (int i = 1; i <= 3; i++) {
                KafkaTestClients.produce(broker.getBrokersAsString(), TOPIC, null, null, null);
                long begun = watch.begun();
                // a read that failed (a slow broker) is numbered too but knows no offsets: wait for one that does
                Awaitility.await("a read begun after write " + i).atMost(WAIT)
                        .until(() -> watch.answered() > begun && watch.endOffset(FIRST).isPresent()
                                && watch.endOffset(new InputPartition(TOPIC, 1)).isPresent());
                long total = watch.endOffset(FIRST).orElseThrow()
                        + watch.endOffset(new InputPartition(TOPIC, 1)).orElseThrow();
                assertThat(total).as("end offsets over both partitions after write " + i).isEqualTo(i);
            }
        } finally {
            watch.stop();
        }
    }

    @Test
    void itsStartLearnsTheNewestAppendTimeOfTheConfiguredInputsBeforeAnythingIsRead(EmbeddedKafkaBroker broker)
            throws Exception {
        String appended = "watched-at-start";
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.getBrokersAsString()))) {
            admin.createTopics(List.of(new NewTopic(appended, 2, (short) 1)
                    .configs(Map.of(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "LogAppendTime")))).all().get();
        }
        long before = System.currentTimeMillis();
        KafkaTestClients.produce(broker.getBrokersAsString(), appended, null, null, null);
        BrokerClock brokerClock = new BrokerClock(System::nanoTime, System::currentTimeMillis);
        InputTopicsWatch watch = new InputTopicsWatch(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString()), Duration.ofSeconds(5),
                Duration.ofMillis(200), brokerClock, List.of(appended, "not-there"));
        watch.start();
        try {
            assertThat(brokerClock.logAppendTime(appended)).contains(true);
            assertThat(brokerClock.now()).isPresent();
            // the broker's clock is this JVM's: the newest append time is between the write and now
            assertThat(brokerClock.now().getAsLong()).isBetween(before - 1_000, System.currentTimeMillis() + 1_000);
        } finally {
            watch.stop();
        }
    }

    @Test
    void itTellsWhichTopicsCarryTheirRecordsBrokerTimes(EmbeddedKafkaBroker broker) throws Exception {
        String appended = "watched-appended";
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                broker.getBrokersAsString()))) {
            admin.createTopics(List.of(new NewTopic(appended, 1, (short) 1)
                    .configs(Map.of(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, "LogAppendTime")))).all().get();
        }
        BrokerClock brokerClock = new BrokerClock(System::nanoTime, System::currentTimeMillis);
        InputTopicsWatch watch = new InputTopicsWatch(
                Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.getBrokersAsString()), Duration.ofSeconds(5),
                Duration.ofMillis(200), brokerClock);
        watch.start();
        try {
            watch.count(TOPIC);
            watch.count(appended);
            Awaitility.await("both topics' timestamp types").atMost(WAIT)
                    .until(() -> brokerClock.topics().size() == 2);
            assertThat(brokerClock.topics()).isEqualTo(Map.of(TOPIC, false, appended, true));
        } finally {
            watch.stop();
        }
    }
}
