package com.shopstream.common.time;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.streams.errors.StreamsException;
import org.junit.jupiter.api.Test;

class EventTimeExtractorTest {

    private static final long RECORD_TIME = Instant.parse("2031-05-05T05:05:05Z").toEpochMilli();

    @Test
    void usesOrderTsNotTheRecordTimestamp() {
        Order order = new Order(1, 1, BigDecimal.ONE, Instant.parse("2026-01-22T10:00:30Z"));

        long extracted = EventTimeExtractor.INSTANCE.extract(record(order), RECORD_TIME - 1);

        assertThat(extracted).isEqualTo(Instant.parse("2026-01-22T10:00:30Z").toEpochMilli());
    }

    @Test
    void usesPaidTsNotTheRecordTimestamp() {
        Payment payment = new Payment("p", 1, BigDecimal.ONE, Instant.parse("2026-01-22T10:03:00Z"));

        assertThat(EventTimeExtractor.INSTANCE.extract(record(payment), 0))
                .isEqualTo(Instant.parse("2026-01-22T10:03:00Z").toEpochMilli());
    }

    @Test
    void failsLoudlyOnAValueWithoutEventTime() {
        assertThatThrownBy(() -> EventTimeExtractor.INSTANCE.extract(record("text"), 0))
                .isInstanceOf(StreamsException.class)
                .hasMessageContaining("no event time in the record of orders-0@7: value is java.lang.String");
    }

    private static ConsumerRecord<Object, Object> record(Object value) {
        return new ConsumerRecord<>("orders", 0, 7, RECORD_TIME, TimestampType.CREATE_TIME, 1, 1, "1", value,
                new RecordHeaders(), Optional.empty());
    }
}
