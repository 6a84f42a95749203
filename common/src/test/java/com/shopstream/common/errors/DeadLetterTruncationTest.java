package com.shopstream.common.errors;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class DeadLetterTruncationTest {

    @Test
    void aTooLargeDeadLetterKeepsItsReasonAndSourceAndSaysWhatWasCut() {
        byte[] value = new byte[1_048_000];
        Arrays.fill(value, (byte) 'x');
        RecordHeaders headers = new RecordHeaders();
        headers.add("trace", new byte[500_000]);
        headers.add(DeadLetterHeaders.REASON, bytes("not valid JSON at column 1"));
        headers.add(DeadLetterHeaders.STAGE, bytes("deserialization"));
        headers.add(DeadLetterHeaders.SOURCE_TOPIC, bytes("orders"));
        headers.add(DeadLetterHeaders.SOURCE_PARTITION, bytes("2"));
        headers.add(DeadLetterHeaders.SOURCE_OFFSET, bytes("41"));
        ProducerRecord<byte[], byte[]> letter = new ProducerRecord<>("svc-dlq", null, 1_800_000_000_000L,
                bytes("7"), value, headers);

        ProducerRecord<byte[], byte[]> cut = DeadLetterTruncation.truncated(letter);

        assertThat(cut.topic()).isEqualTo("svc-dlq");
        assertThat(cut.timestamp()).isEqualTo(1_800_000_000_000L);
        assertThat(cut.key()).isEqualTo(bytes("7"));
        assertThat(cut.value()).hasSize(DeadLetterTruncation.KEPT_VALUE_BYTES)
                .isEqualTo(Arrays.copyOf(value, DeadLetterTruncation.KEPT_VALUE_BYTES));
        assertThat(cut.headers().lastHeader("trace")).isNull();
        assertThat(text(cut, DeadLetterHeaders.REASON)).isEqualTo("not valid JSON at column 1");
        assertThat(text(cut, DeadLetterHeaders.SOURCE_OFFSET)).isEqualTo("41");
        assertThat(text(cut, DeadLetterTruncation.TRUNCATED))
                .isEqualTo("key 1 of 1 bytes, value 16384 of 1048000 bytes, 1 headers left out");
    }

    @Test
    void aNullKeyAndValueStayNull() {
        ProducerRecord<byte[], byte[]> cut = DeadLetterTruncation.truncated(
                new ProducerRecord<>("svc-dlq", null, (byte[]) null));

        assertThat(cut.key()).isNull();
        assertThat(cut.value()).isNull();
        assertThat(text(cut, DeadLetterTruncation.TRUNCATED))
                .isEqualTo("key 0 of 0 bytes, value 0 of 0 bytes, 0 headers left out");
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(ProducerRecord<byte[], byte[]> record, String header) {
        return new String(record.headers().lastHeader(header).value(), StandardCharsets.UTF_8);
    }
}
