package com.shopstream.common.errors;

import java.util.Map;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.InvalidTimestampException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProductionExceptionHandler;

/**
 * A result that cannot be written because of the record itself (it does not serialize, it is too large, the broker
 * rejects it, its timestamp among them) becomes a dead letter carrying the source record that produced it. A write to
 * a changelog or a repartition topic is never skipped: the task fails and the record comes back. (Writes are stamped
 * so that the broker accepts their timestamps, {@code BrokerTimeStamps}: this is the last line.) Transient broker
 * trouble is retried, and anything else fails the task: it is not the record's fault, so skipping it would lose data.
 *
 * <p>Under exactly-once the producer also puts its transaction into an abortable error for a record it refuses
 * before sending (too large): the next send fails, so the task fails and the record comes back
 * (docs/BAD-RECORDS.md). Our result rows are far below {@code max.request.size}.
 */
public final class DeadLetterProductionHandler implements ProductionExceptionHandler {

    private DeadLetterRouter router;

    @Override
    public void configure(Map<String, ?> configs) {
        router = DeadLetterRouter.from(configs);
    }

    @Override
    public ProductionExceptionHandlerResponse handle(ErrorHandlerContext context,
                                                     ProducerRecord<byte[], byte[]> record, Exception exception) {
        if (exception instanceof RetriableException) {
            return ProductionExceptionHandlerResponse.RETRY;
        }
        if (isInternal(record.topic())) {
            // a store's row or a repartitioned record: going on without it would lose what it carries
            return ProductionExceptionHandlerResponse.FAIL;
        }
        if (exception instanceof RecordTooLargeException || exception instanceof InvalidRecordException
                || exception instanceof InvalidTimestampException) {
            return deadLetter(context, exception);
        }
        return ProductionExceptionHandlerResponse.FAIL;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public ProductionExceptionHandlerResponse handleSerializationException(ErrorHandlerContext context,
                                                                           ProducerRecord record,
                                                                           Exception exception,
                                                                           SerializationExceptionOrigin origin) {
        return deadLetter(context, exception);
    }

    /** Kafka Streams' own topics: a changelog or a repartition topic. */
    private static boolean isInternal(String topic) {
        return topic != null && (topic.endsWith("-changelog") || topic.endsWith("-repartition"));
    }

    private ProductionExceptionHandlerResponse deadLetter(ErrorHandlerContext context, Exception exception) {
        FailedRecord failed = new FailedRecord(FailureStage.PRODUCTION, context.topic(), context.partition(),
                context.offset(), context.sourceRawKey(), context.sourceRawValue(), context.headers(), exception,
                context.timestamp());
        return router.route(failed)
                ? ProductionExceptionHandlerResponse.CONTINUE
                : ProductionExceptionHandlerResponse.FAIL;
    }
}
