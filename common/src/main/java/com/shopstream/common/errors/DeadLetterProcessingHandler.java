package com.shopstream.common.errors;

import java.util.Map;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler;
import org.apache.kafka.streams.processor.api.Record;

/**
 * A record whose processing threw becomes a dead letter carrying the bytes of the source record that led to it, so
 * one bad record (or a bug it triggers) never stops the service; the dead-letter metrics make the failures visible.
 * A failure of Kafka itself (a failed earlier send, a timeout: see {@link RecordFault}) is not the record's, and a
 * punctuation's has no record: they fail the task instead, which is processed again from its last commit, so no
 * innocent record is dead-lettered and no write or punctuation's work is skipped.
 */
public final class DeadLetterProcessingHandler implements ProcessingExceptionHandler {

    private DeadLetterRouter router;

    @Override
    public void configure(Map<String, ?> configs) {
        router = DeadLetterRouter.from(configs);
    }

    @Override
    public ProcessingHandlerResponse handle(ErrorHandlerContext context, Record<?, ?> record, Exception exception) {
        if (!RecordFault.isTheRecords(exception)) {
            return ProcessingHandlerResponse.FAIL;
        }
        FailedRecord failed = new FailedRecord(FailureStage.PROCESSING, context.topic(), context.partition(),
                context.offset(), context.sourceRawKey(), context.sourceRawValue(), context.headers(), exception,
                context.timestamp());
        return router.route(failed) ? ProcessingHandlerResponse.CONTINUE : ProcessingHandlerResponse.FAIL;
    }
}
