package com.shopstream.common.errors;

import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;

/** A record that cannot be read (bad JSON, a field missing or wrong) becomes a dead letter. */
public final class DeadLetterDeserializationHandler implements DeserializationExceptionHandler {

    private DeadLetterRouter router;

    @Override
    public void configure(Map<String, ?> configs) {
        router = DeadLetterRouter.from(configs);
    }

    @Override
    public DeserializationHandlerResponse handle(ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record,
                                                 Exception exception) {
        FailedRecord failed = new FailedRecord(FailureStage.DESERIALIZATION, record.topic(), record.partition(),
                record.offset(), record.key(), record.value(), record.headers(), exception, record.timestamp());
        return router.route(failed) ? DeserializationHandlerResponse.CONTINUE : DeserializationHandlerResponse.FAIL;
    }
}
