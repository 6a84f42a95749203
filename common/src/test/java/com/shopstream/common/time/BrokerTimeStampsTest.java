package com.shopstream.common.time;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.eventtime.BrokerClock;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class BrokerTimeStampsTest {

    private static final long BROKER = 1_800_000_000_000L;
    private static final long DAY = 86_400_000L;

    private final BrokerClock clock = new BrokerClock(() -> 0L, () -> BROKER + DAY);
    private final BrokerTimeStamps stamps = new BrokerTimeStamps(clock);

    @Test
    void aWriteStampedAheadOfTheBrokersTimeIsStampedAtItPlusTheMargin() {
        stamps.configure(Map.of(BrokerTimeStamps.MARGIN_MS_CONFIG, "60000"));
        clock.timestampType("orders", true);
        clock.read("orders", BROKER);
        RecordHeaders headers = new RecordHeaders();
        headers.add("h", new byte[] {1});

        ProducerRecord<Object, Object> sent = stamps.onSend(
                new ProducerRecord<>("app-store-changelog", 2, BROKER + DAY, "k", "v", headers));

        assertThat(sent.timestamp()).isEqualTo(BROKER + 60_000);
        assertThat(sent.topic()).isEqualTo("app-store-changelog");
        assertThat(sent.partition()).isEqualTo(2);
        assertThat(sent.key()).isEqualTo("k");
        assertThat(sent.value()).isEqualTo("v");
        assertThat(sent.headers()).isEqualTo(headers);
        assertThat(clock.restampedWrites()).isEqualTo(1);
    }

    @Test
    void aWriteWithinTheBoundLeavesAsItCame() {
        clock.timestampType("orders", true);
        clock.read("orders", BROKER);
        ProducerRecord<Object, Object> record = new ProducerRecord<>("t", null, BROKER - DAY, "k", "v");

        assertThat(stamps.onSend(record)).isSameAs(record);
    }

    @Test
    void aWriteWithoutATimestampGetsTheBrokersTimeNotThePodsWallClock() {
        clock.timestampType("orders", true);
        clock.read("orders", BROKER);

        assertThat(stamps.onSend(new ProducerRecord<>("dlq", "k", "v")).timestamp()).isEqualTo(BROKER);
    }

    @Test
    void beforeAnythingIsKnownOfTheBrokersTimeWritesLeaveAsTheyCame() {
        ProducerRecord<Object, Object> record = new ProducerRecord<>("t", null, BROKER + DAY, "k", "v");
        ProducerRecord<Object, Object> unstamped = new ProducerRecord<>("dlq", "k", "v");

        assertThat(stamps.onSend(record)).isSameAs(record);
        assertThat(stamps.onSend(unstamped)).isSameAs(unstamped);
    }

    @Test
    void butAPartitionClocksChangelogWriteIsStampedAtTheEarliestTimeForItCannotBeRefused() {
        // written at a commit after a wall-clock punctuation (an idle flag) with this pod's clock
        ProducerRecord<Object, Object> sent = stamps.onSend(new ProducerRecord<>(
                "orders-service-orders-by-all-watermarks-changelog", 0, BROKER + DAY, "p/orders/0", "v"));

        assertThat(sent.timestamp()).isZero();
        assertThat(sent.topic()).isEqualTo("orders-service-orders-by-all-watermarks-changelog");
    }
}
