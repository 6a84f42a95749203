package com.shopstream.common.errors;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * The copy of a dead letter that always fits in a Kafka record: the first {@link #KEPT_VALUE_BYTES} of its value and
 * {@link #KEPT_KEY_BYTES} of its key, the dead-letter headers (reason, stage, source topic, partition and offset: a
 * reference to the whole record, which stays in its source topic), and {@link #TRUNCATED} saying what was cut. The
 * source record's own headers are left out: they may be what made it too large.
 *
 * <p>Why: a dead letter is its source record plus headers, so a record at the broker's size limit makes a dead letter
 * over it; unwritten, the handler could only fail the task, and the record would stop the service.
 */
public final class DeadLetterTruncation {

    /** {@code key <n> of <m> bytes, value <n> of <m> bytes, <k> headers left out}. */
    public static final String TRUNCATED = "x-dead-letter-truncated";
    static final int KEPT_VALUE_BYTES = 16 * 1024;
    static final int KEPT_KEY_BYTES = 1024;
    private static final Set<String> OURS = Set.of(DeadLetterHeaders.REASON, DeadLetterHeaders.CLASS,
            DeadLetterHeaders.FIELD, DeadLetterHeaders.STAGE, DeadLetterHeaders.SOURCE_TOPIC,
            DeadLetterHeaders.SOURCE_PARTITION, DeadLetterHeaders.SOURCE_OFFSET);

    private DeadLetterTruncation() {
    }

    public static ProducerRecord<byte[], byte[]> truncated(ProducerRecord<byte[], byte[]> letter) {
        RecordHeaders headers = new RecordHeaders();
        int leftOut = 0;
        for (Header header : letter.headers()) {
            if (OURS.contains(header.key())) {
                headers.add(header.key(), cut(header.value(), KEPT_KEY_BYTES));
            } else {
                leftOut++;
            }
        }
        byte[] key = cut(letter.key(), KEPT_KEY_BYTES);
        byte[] value = cut(letter.value(), KEPT_VALUE_BYTES);
        String what = "key " + length(key) + " of " + length(letter.key()) + " bytes, value " + length(value) + " of "
                + length(letter.value()) + " bytes, " + leftOut + " headers left out";
        headers.add(TRUNCATED, what.getBytes(StandardCharsets.UTF_8));
        return new ProducerRecord<>(letter.topic(), letter.partition(), letter.timestamp(), key, value, headers);
    }

    private static byte[] cut(byte[] bytes, int max) {
        return bytes == null || bytes.length <= max ? bytes : Arrays.copyOf(bytes, max);
    }

    private static int length(byte[] bytes) {
        return bytes == null ? 0 : bytes.length;
    }
}
