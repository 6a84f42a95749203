package com.shopstream.common.errors;

import static com.shopstream.common.testing.RecordingDeadLetterPublisher.header;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.testing.TimedOrdersFixture;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.TimeWindowLateness;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Unreadable records become dead letters with their reason and original bytes; the records after them go on. */
class DeadLetterTopologyTest {

    private static final String GOOD = "{\"order_id\":%d,\"customer_id\":1,\"amount\":1,\"order_ts\":\"2026-01-22T10:00:00Z\"}";

    @AutoClose
    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("dlq-test");
        List<QueryLateness> spec = List.of(new QueryLateness("q", Duration.ofMinutes(3),
                new TimeWindowLateness(Duration.ofMinutes(5), Duration.ofMinutes(5))));
        harness = new StreamsHarness(TimedOrdersFixture.local(streams.builder(), TestStreams.topics(), spec), streams);
    }

    @Test
    void anUnreadableValueBecomesADeadLetterWithItsReasonAndOriginalBytes() {
        RecordHeaders headers = new RecordHeaders();
        headers.add("trace-id", "abc".getBytes(StandardCharsets.UTF_8));
        byte[] value = "{\"order_id\":1,\"customer_id\":1,\"amount\":12.505,\"order_ts\":\"2026-01-22T10:00:00Z\"}"
                .getBytes(StandardCharsets.UTF_8);

        harness.pipe(TimedOrdersFixture.INPUT, "1".getBytes(StandardCharsets.UTF_8), value, headers);
        harness.pipe(TimedOrdersFixture.INPUT, "2", GOOD.formatted(2));

        ProducerRecord<byte[], byte[]> dead = single(harness.deadLetters());
        assertThat(dead.topic()).isEqualTo("dlq-test-dlq");
        assertThat(dead.value()).isEqualTo(value);
        assertThat(new String(dead.key(), StandardCharsets.UTF_8)).isEqualTo("1");
        assertThat(header(dead, DeadLetterHeaders.REASON)).isEqualTo("amount has 3 fraction digits");
        assertThat(header(dead, DeadLetterHeaders.FIELD)).isEqualTo("amount");
        assertThat(header(dead, DeadLetterHeaders.CLASS)).isEqualTo(InvalidEventException.class.getName());
        assertThat(header(dead, DeadLetterHeaders.STAGE)).isEqualTo("deserialization");
        assertThat(header(dead, DeadLetterHeaders.SOURCE_TOPIC)).isEqualTo("orders");
        assertThat(header(dead, DeadLetterHeaders.SOURCE_PARTITION)).isEqualTo("0");
        assertThat(header(dead, DeadLetterHeaders.SOURCE_OFFSET)).isEqualTo("0");
        assertThat(header(dead, "trace-id")).isEqualTo("abc");
        assertThat(harness.records(TimedOrdersFixture.ADMITTED)).extracting(OutputRecord::key).containsExactly("2");
    }

    @Test
    void everyKindOfBadRecordIsDeadLetteredAndCounted() {
        harness.pipe(TimedOrdersFixture.INPUT, "1", "not json");
        harness.pipe(TimedOrdersFixture.INPUT, "2", null);
        harness.pipe(TimedOrdersFixture.INPUT, null, GOOD.formatted(3));
        harness.pipe(TimedOrdersFixture.INPUT, "04", GOOD.formatted(4));
        harness.pipe(TimedOrdersFixture.INPUT, "5", GOOD.formatted(6));
        harness.pipeAt(TimedOrdersFixture.INPUT, "7", GOOD.formatted(7)
                .replace("2026-01-22T10:00:00Z", "2026-01-22T11:00:01Z"), Instant.parse("2026-01-22T10:00:00Z"));
        harness.pipe(TimedOrdersFixture.INPUT, "8", GOOD.formatted(8));

        assertThat(harness.deadLetters()).extracting(r -> header(r, DeadLetterHeaders.REASON)).containsExactly(
                "not valid JSON at column 1: Unrecognized token 'not'",
                "value is null",
                "key missing (the order_id as decimal text)",
                "key is not an order_id in decimal: \"04\"",
                "key \"5\" is not the record's order_id 6",
                "order_ts 2026-01-22T11:00:01Z is more than PT1H ahead of the record's broker time "
                        + "2026-01-22T10:00:00Z");
        assertThat(harness.deadLetters()).extracting(r -> header(r, DeadLetterHeaders.STAGE)).containsExactly(
                "deserialization", "deserialization", "deserialization", "deserialization", "processing",
                "processing");
        // a dead letter is stamped with its source record's broker time, never the reader's wall clock
        assertThat(harness.deadLetters().get(5).timestamp()).isEqualTo(Instant.parse("2026-01-22T10:00:00Z")
                .toEpochMilli());
        assertThat(harness.deadLetters()).extracting(r -> header(r, DeadLetterHeaders.SOURCE_OFFSET))
                .containsExactly("0", "1", "2", "3", "4", "5");
        assertThat(harness.records(TimedOrdersFixture.ADMITTED)).extracting(OutputRecord::key).containsExactly("8");
        assertThat(harness.streams().progress().deadLetters()).isEqualTo(6);
        assertThat(harness.streams().progress().report(Instant.now()).deadLettersByTopic())
                .containsEntry("orders", 6L);
    }

    private static <T> T single(List<T> list) {
        assertThat(list).hasSize(1);
        return list.get(0);
    }
}
