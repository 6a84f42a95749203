package com.shopstream.common.testing;

import com.shopstream.common.errors.DeadLetterPublisher;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/** Keeps dead letters in memory for TopologyTestDriver tests (they are written outside the topology). */
public final class RecordingDeadLetterPublisher implements DeadLetterPublisher {

    private final List<ProducerRecord<byte[], byte[]>> published = new ArrayList<>();
    private RuntimeException failure;

    @Override
    public synchronized void publish(ProducerRecord<byte[], byte[]> deadLetter) {
        if (failure != null) {
            throw failure;
        }
        published.add(deadLetter);
    }

    /** From now on every publish throws {@code failure}, as when the dead-letter topic cannot be written. */
    public synchronized void failWith(RuntimeException failure) {
        this.failure = failure;
    }

    public synchronized List<ProducerRecord<byte[], byte[]>> published() {
        return List.copyOf(published);
    }

    public static String header(ProducerRecord<byte[], byte[]> record, String name) {
        Header header = record.headers().lastHeader(name);
        return header == null ? null : new String(header.value(), StandardCharsets.UTF_8);
    }
}
