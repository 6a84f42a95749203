package com.shopstream.common.errors;

import static com.shopstream.common.testing.RecordingDeadLetterPublisher.header;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.runtime.StreamsRuntime;
import com.shopstream.common.testing.RecordingDeadLetterPublisher;
import com.shopstream.common.testing.TestStreams;
import java.nio.charset.StandardCharsets;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidTimestampException;
import org.apache.kafka.common.errors.NotLeaderOrFollowerException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler.DeserializationHandlerResponse;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.errors.ProcessingExceptionHandler.ProcessingHandlerResponse;
import org.apache.kafka.streams.errors.ProductionExceptionHandler.ProductionExceptionHandlerResponse;
import org.apache.kafka.streams.errors.ProductionExceptionHandler.SerializationExceptionOrigin;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.processor.TaskId;
import org.apache.kafka.streams.processor.api.Record;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeadLetterHandlersTest {

    private final RecordingDeadLetterPublisher publisher = new RecordingDeadLetterPublisher();
    private final ProgressRegistry progress = new ProgressRegistry("svc",
            ShopstreamProperties.defaults().watermark().adviceHorizon());
    private Map<String, Object> configs;

    @BeforeEach
    void configs() {
        Map<Object, Object> shared = new HashMap<>();
        new StreamsRuntime("svc-dlq", publisher, progress, TestStreams.forDriver("svc").eventTime())
                .putInto(shared);
        configs = new HashMap<>();
        shared.forEach((key, value) -> configs.put((String) key, value));
    }

    @Test
    void aProcessingFailureSendsTheSourceRecordsBytes() {
        DeadLetterProcessingHandler handler = processingHandler();

        ProcessingHandlerResponse response = handler.handle(context("orders", 2, 41),
                new Record<>("k", "v", 0L), new IllegalStateException("boom"));

        assertThat(response).isEqualTo(ProcessingHandlerResponse.CONTINUE);
        ProducerRecord<byte[], byte[]> dead = publisher.published().get(0);
        assertThat(text(dead.key())).isEqualTo("raw-key");
        assertThat(text(dead.value())).isEqualTo("raw-value");
        assertThat(header(dead, DeadLetterHeaders.REASON)).isEqualTo("boom");
        assertThat(header(dead, DeadLetterHeaders.CLASS)).isEqualTo("java.lang.IllegalStateException");
        assertThat(header(dead, DeadLetterHeaders.STAGE)).isEqualTo("processing");
        assertThat(header(dead, DeadLetterHeaders.SOURCE_PARTITION)).isEqualTo("2");
        assertThat(header(dead, DeadLetterHeaders.SOURCE_OFFSET)).isEqualTo("41");
        assertThat(progress.deadLetters()).isEqualTo(1);
    }

    @Test
    void aFailureOfKafkaDuringProcessingFailsTheTaskAndDeadLettersNothing() {
        DeadLetterProcessingHandler handler = processingHandler();

        ProcessingHandlerResponse response = handler.handle(context("orders", 2, 42), new Record<>("k", "v", 0L),
                new StreamsException("Error encountered sending record to topic out for task 0_2",
                        new KafkaException("previous request failed")));

        assertThat(response).isEqualTo(ProcessingHandlerResponse.FAIL);
        assertThat(publisher.published()).isEmpty();
        assertThat(progress.deadLetters()).isZero();
    }

    @Test
    void aPunctuationsFailureHasNoRecordToDeadLetterAndFailsTheTask() {
        DeadLetterProcessingHandler handler = processingHandler();

        // as Kafka Streams calls it for a punctuation: no source topic, no record
        ProcessingHandlerResponse response = handler.handle(context(null, -1, -1), null,
                new ConcurrentModificationException());

        assertThat(response).isEqualTo(ProcessingHandlerResponse.FAIL);
        assertThat(publisher.published()).isEmpty();
        assertThat(progress.deadLetters()).isZero();
    }

    @Test
    void aCauseChainThatLoopsIsDeadLetteredAndDoesNotHangTheThread() {
        DeadLetterProcessingHandler handler = processingHandler();
        IllegalStateException first = new IllegalStateException("first");
        first.initCause(new IllegalStateException("second", first));

        assertThat(handler.handle(context("orders", 0, 5), new Record<>("k", "v", 0L), first))
                .isEqualTo(ProcessingHandlerResponse.CONTINUE);
        assertThat(publisher.published()).hasSize(1);
    }

    @Test
    void aPunctuationsResultThatCannotBeWrittenFailsTheTask() {
        DeadLetterProductionHandler handler = productionHandler();
        ProducerRecord<byte[], byte[]> result = new ProducerRecord<>("out", new byte[0]);

        assertThat(handler.handleSerializationException(context(null, -1, -1), result,
                new IllegalArgumentException("cannot serialize"), SerializationExceptionOrigin.VALUE))
                .isEqualTo(ProductionExceptionHandlerResponse.FAIL);
        assertThat(handler.handle(context(null, -1, -1), result, new RecordTooLargeException("2 MB")))
                .isEqualTo(ProductionExceptionHandlerResponse.FAIL);
        assertThat(publisher.published()).isEmpty();
    }

    @Test
    void aRecordTooLargeToWriteIsDeadLetteredButBrokerTroubleIsNot() {
        DeadLetterProductionHandler handler = productionHandler();
        ProducerRecord<byte[], byte[]> result = new ProducerRecord<>("out", new byte[0]);

        assertThat(handler.handle(context("orders", 0, 1), result, new RecordTooLargeException("2 MB")))
                .isEqualTo(ProductionExceptionHandlerResponse.CONTINUE);
        assertThat(handler.handle(context("orders", 0, 2), result, new NotLeaderOrFollowerException("moved")))
                .isEqualTo(ProductionExceptionHandlerResponse.RETRY);
        assertThat(handler.handle(context("orders", 0, 3), result, new AuthorizationException("denied")))
                .isEqualTo(ProductionExceptionHandlerResponse.FAIL);
        assertThat(handler.handleSerializationException(context("orders", 0, 4), result,
                new IllegalArgumentException("cannot serialize"), SerializationExceptionOrigin.VALUE))
                .isEqualTo(ProductionExceptionHandlerResponse.CONTINUE);

        assertThat(publisher.published()).extracting(r -> header(r, DeadLetterHeaders.SOURCE_OFFSET))
                .containsExactly("1", "4");
        assertThat(publisher.published()).extracting(r -> header(r, DeadLetterHeaders.STAGE))
                .containsOnly("production");
    }

    @Test
    void aResultTheBrokerRefusesForItsTimestampIsADeadLetterNotADeadThread() {
        DeadLetterProductionHandler handler = productionHandler();
        ProducerRecord<byte[], byte[]> result = new ProducerRecord<>("out", new byte[0]);

        assertThat(handler.handle(context("orders", 1, 7), result,
                new InvalidTimestampException("Timestamp 1800000000000 of message is out of range")))
                .isEqualTo(ProductionExceptionHandlerResponse.CONTINUE);
        // no source record (a punctuation's write) to dead-letter: the task fails
        assertThat(handler.handle(context(null, -1, -1), result, new InvalidTimestampException("out of range")))
                .isEqualTo(ProductionExceptionHandlerResponse.FAIL);
        // a store's row or a repartitioned record, even while a record is processed: going on would lose it
        for (String internal : List.of("app-windows-changelog", "app-orders-by-all-repartition")) {
            assertThat(handler.handle(context("orders", 1, 8), new ProducerRecord<>(internal, new byte[0]),
                    new InvalidTimestampException("out of range"))).isEqualTo(ProductionExceptionHandlerResponse.FAIL);
        }

        assertThat(publisher.published()).singleElement().satisfies(letter -> {
            assertThat(header(letter, DeadLetterHeaders.SOURCE_OFFSET)).isEqualTo("7");
            assertThat(header(letter, DeadLetterHeaders.REASON)).contains("out of range");
            assertThat(header(letter, DeadLetterHeaders.CLASS)).isEqualTo(InvalidTimestampException.class.getName());
        });
    }

    @Test
    void failsTheTaskWhenTheDeadLetterCannotBeWrittenSoNothingIsLost() {
        DeadLetterDeserializationHandler handler = new DeadLetterDeserializationHandler();
        handler.configure(configs);
        publisher.failWith(new KafkaException("dead-letter topic unavailable"));

        DeserializationHandlerResponse response = handler.handle(context("orders", 0, 9),
                new ConsumerRecord<>("orders", 0, 9, bytes("k"), bytes("bad")), new IllegalArgumentException("bad"));

        assertThat(response).isEqualTo(DeserializationHandlerResponse.FAIL);
        assertThat(progress.deadLetters()).isZero();
    }

    private DeadLetterProcessingHandler processingHandler() {
        DeadLetterProcessingHandler handler = new DeadLetterProcessingHandler();
        handler.configure(configs);
        return handler;
    }

    private DeadLetterProductionHandler productionHandler() {
        DeadLetterProductionHandler handler = new DeadLetterProductionHandler();
        handler.configure(configs);
        return handler;
    }

    private static ErrorHandlerContext context(String topic, int partition, long offset) {
        return new ErrorHandlerContext() {
            public String topic() {
                return topic;
            }

            public int partition() {
                return partition;
            }

            public long offset() {
                return offset;
            }

            public Headers headers() {
                return new RecordHeaders();
            }

            public String processorNodeId() {
                return "node";
            }

            public TaskId taskId() {
                return new TaskId(0, partition);
            }

            public long timestamp() {
                return 0;
            }

            public byte[] sourceRawKey() {
                return bytes("raw-key");
            }

            public byte[] sourceRawValue() {
                return bytes("raw-value");
            }
        };
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
