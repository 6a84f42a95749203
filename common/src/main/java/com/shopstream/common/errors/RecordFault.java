package com.shopstream.common.errors;

import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.SerializationException;

/**
 * Whether a processing failure is the record's own, so that dead-lettering it and going on is right.
 *
 * <p>Kafka Streams hands the processing exception handler every exception a processor throws, including the ones
 * that are not about the record at all: the record collector rethrows an earlier failed send of the task as a
 * {@code StreamsException} from the next send, whichever record that is; a producer in error state, a timeout, a
 * closed store all surface the same way. Dead-lettering the record at hand then blames an innocent record, and going
 * on drops the failed write (under at-least-once it is gone for good). Those are Kafka's own exceptions, so a
 * {@link KafkaException} anywhere in the cause chain means "not the record's fault": the task fails and the record is
 * processed again once the thread is replaced. A {@link SerializationException} (our {@code InvalidEventException}
 * among them) is a Kafka exception that is about the record's content, so it stays the record's fault.
 */
final class RecordFault {

    private static final int MAX_CAUSES = 32;

    private RecordFault() {
    }

    static boolean isTheRecords(Throwable exception) {
        boolean kafkaFailure = false;
        int depth = 0;
        for (Throwable t = exception; t != null && depth < MAX_CAUSES; t = t.getCause(), depth++) {
            if (t instanceof SerializationException) {
                return true;
            }
            kafkaFailure |= t instanceof KafkaException;
        }
        return !kafkaFailure;
    }
}
