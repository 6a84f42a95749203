package com.shopstream.common.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.eventtime.BrokerClock;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.streams.errors.StreamsException;
import org.junit.jupiter.api.Test;

class BrokerTimeExtractorTest {

    private static final long RECORD_TIME = Instant.parse("2031-05-05T05:05:05Z").toEpochMilli();
    private static final Order ORDER = new Order(1, 1, BigDecimal.ONE, Instant.parse("2026-01-22T10:00:30Z"));

    private long nanos;
    private final BrokerClock brokerClock = new BrokerClock(() -> nanos, () -> 0L);
    private final BrokerTimeExtractor extractor = new BrokerTimeExtractor(brokerClock);

    @Test
    void theTimestampIsTheRecordsBrokerTimeNotItsEventTime() {
        assertThat(extractor.extract(record(ORDER, TimestampType.LOG_APPEND_TIME, RECORD_TIME), RECORD_TIME - 1))
                .isEqualTo(RECORD_TIME);
        Payment payment = new Payment("p", 1, BigDecimal.ONE, Instant.parse("2026-01-22T10:03:00Z"));
        assertThat(extractor.extract(record(payment, TimestampType.CREATE_TIME, RECORD_TIME), 0))
                .isEqualTo(RECORD_TIME);
    }

    @Test
    void aRecordWithoutATimestampHasItsEventTimeInstead() {
        assertThat(extractor.extract(record(ORDER, TimestampType.NO_TIMESTAMP_TYPE, -1), 0))
                .isEqualTo(Instant.parse("2026-01-22T10:00:30Z").toEpochMilli());
    }

    @Test
    void onlyARecordOfALogAppendTimeTopicTellsTheBrokersTime() {
        // Kafka Streams hands the extractor every record as CREATE_TIME: the topic's configuration tells
        extractor.extract(record(ORDER, TimestampType.CREATE_TIME, RECORD_TIME), 0);
        assertThat(brokerClock.now()).isEmpty();
        brokerClock.timestampType("orders", false);
        extractor.extract(record(ORDER, TimestampType.CREATE_TIME, RECORD_TIME), 0);
        assertThat(brokerClock.now()).isEmpty();

        brokerClock.timestampType("orders", true);
        extractor.extract(record(ORDER, TimestampType.CREATE_TIME, RECORD_TIME), 0);
        nanos += 2_000_000;

        assertThat(brokerClock.now()).isEqualTo(OptionalLong.of(RECORD_TIME + 2));
    }

    @Test
    void failsLoudlyOnAValueWithoutEventTime() {
        assertThatThrownBy(() -> extractor.extract(record("text", TimestampType.CREATE_TIME, RECORD_TIME), 0))
                .isInstanceOf(StreamsException.class)
                .hasMessageContaining("no event in the record of orders-0@7: value is java.lang.String");
    }

    private static ConsumerRecord<Object, Object> record(Object value, TimestampType type, long timestamp) {
        return new ConsumerRecord<>("orders", 0, 7, timestamp, type, 1, 1, "1", value, new RecordHeaders(),
                Optional.empty());
    }
}
