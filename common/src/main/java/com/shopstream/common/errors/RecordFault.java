package com.shopstream.common.errors;

import com.shopstream.common.json.InvalidEventException;
import java.util.List;
import org.apache.kafka.common.KafkaException;

/**
 * Whether a processing failure is the record's own, so that dead-lettering it and going on is right.
 *
 * <p>Kafka Streams (4.1) hands the processing exception handler what a processor throws, but for its own
 * task-corrupted, task-migrated and failed-processing exceptions (rethrown) and a {@code ClassCastException} (thrown
 * as a {@code StreamsException} without asking the handler). That includes failures that are no record's: the record
 * collector keeps a failed send of the task and rethrows it, a {@code StreamsException}, from the task's next send,
 * inside whichever record's processing that is; a producer in error state, a timeout, a closed store, a store row
 * that cannot be read all surface the same way. Dead-lettering the record at hand would blame an innocent record and
 * going on would skip the failed write. Those are Kafka's exceptions (a {@link KafkaException} anywhere in the cause
 * chain): the task fails, and the record is processed again from the last commit once the thread is replaced.
 *
 * <p>A record's own failure is an {@link InvalidEventException} (it breaks the contract: e.g. its key is not its
 * order id) or an exception of the processing code that is not Kafka's (a bug the record triggers: dead-lettered so
 * that one record cannot stop the service). Other serialization failures are not the record's: while processing
 * they come from a store's serde, and dead-lettering would blame every record that touches the unreadable row.
 */
final class RecordFault {

    private RecordFault() {
    }

    static boolean isTheRecords(Throwable exception) {
        List<Throwable> chain = CauseChain.of(exception);
        return chain.stream().anyMatch(InvalidEventException.class::isInstance)
                || chain.stream().noneMatch(KafkaException.class::isInstance);
    }
}
