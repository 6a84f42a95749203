package com.shopstream.benchmarks.baseline;

import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;

/**
 * payments-service's stream written as a plain Kafka Streams application, without Shopstream's layer (no strict
 * reader and validation, dead letters, watermark step, progress):
 * <pre>
 * payments-raw (JSON, keyed by payment id) ─ event-time extractor ─ key by order_id ─ output
 * </pre>
 * Like payments-service, the re-keyed stream is written straight to its output topic with the default partitioner:
 * that write is the repartition (a payment lands in its order's partition), so neither has an internal repartition
 * topic. A {@code repartition()} before the output would read and write every payment once more, which the service
 * does not do. Every processor is named; there is no store.
 */
public final class PlainPaymentsTopology {

    private PlainPaymentsTopology() {
    }

    public static Topology build(StreamsBuilder builder, String paymentsRawTopic, String outputTopic) {
        Serde<PlainPayment> paymentSerde = JsonSerde.of(PlainPayment.class);
        builder.stream(paymentsRawTopic, Consumed.with(Serdes.String(), paymentSerde)
                        .withTimestampExtractor(new PaymentTimeExtractor())
                        .withName("baseline-payments-raw-source"))
                .selectKey((paymentId, payment) -> Long.toString(payment.orderId()), Named.as("baseline-key-order"))
                .to(outputTopic, Produced.with(Serdes.String(), paymentSerde).withName("baseline-payments-sink"));
        return builder.build();
    }
}
