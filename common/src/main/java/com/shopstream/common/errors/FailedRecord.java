package com.shopstream.common.errors;

import com.shopstream.common.json.InvalidEventException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * A source record that failed, with where it came from and why: everything a dead letter needs. The dead letter
 * carries the original key and value bytes unchanged, the original headers, and the {@link DeadLetterHeaders}.
 */
public record FailedRecord(
        FailureStage stage,
        String sourceTopic,
        int sourcePartition,
        long sourceOffset,
        byte[] key,
        byte[] value,
        Headers headers,
        Exception error,
        long sourceTimestamp) {

    /** A failure with no source record's timestamp known: the dead letter's is the brokers' time as last read. */
    public FailedRecord(FailureStage stage, String sourceTopic, int sourcePartition, long sourceOffset, byte[] key,
                        byte[] value, Headers headers, Exception error) {
        this(stage, sourceTopic, sourcePartition, sourceOffset, key, value, headers, error, -1);
    }

    public ProducerRecord<byte[], byte[]> toDeadLetter(String deadLetterTopic) {
        RecordHeaders out = new RecordHeaders();
        if (headers != null) {
            for (Header header : headers) {
                out.add(header);
            }
        }
        add(out, DeadLetterHeaders.REASON, reason());
        add(out, DeadLetterHeaders.CLASS, cause().getClass().getName());
        if (cause() instanceof InvalidEventException invalid && invalid.field() != null) {
            add(out, DeadLetterHeaders.FIELD, invalid.field());
        }
        add(out, DeadLetterHeaders.STAGE, stage.label());
        if (sourceTopic != null) {
            add(out, DeadLetterHeaders.SOURCE_TOPIC, sourceTopic);
            add(out, DeadLetterHeaders.SOURCE_PARTITION, Integer.toString(sourcePartition));
            add(out, DeadLetterHeaders.SOURCE_OFFSET, Long.toString(sourceOffset));
        }
        // the source record's timestamp (its broker time, as read): never the pod's wall clock, which the broker may
        // refuse (BrokerTimeStamps bounds it all the same)
        return new ProducerRecord<>(deadLetterTopic, null, sourceTimestamp >= 0 ? sourceTimestamp : null, key, value,
                out);
    }

    /** The validation failure if there is one anywhere in the chain (Kafka Streams may wrap it), else the root. */
    public Throwable cause() {
        List<Throwable> chain = CauseChain.of(error);
        return chain.stream().filter(InvalidEventException.class::isInstance).findFirst()
                .orElse(chain.get(chain.size() - 1));
    }

    public String reason() {
        Throwable cause = cause();
        String message = cause.getMessage();
        return message == null || message.isBlank() ? cause.getClass().getSimpleName() : message;
    }

    private static void add(RecordHeaders headers, String name, String value) {
        headers.remove(name);
        headers.add(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
