package com.shopstream.payments.topology;

import com.shopstream.common.model.Payment;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.SourceStep;
import com.shopstream.eventtime.LatenessRule;
import com.shopstream.eventtime.QueryLateness;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Produced;

/**
 * The payments edge: {@code payments-raw} (keyed by payment, as providers send them) read on {@code paid_ts}, each
 * payment validated (an unreadable one is a dead letter), let through once per payment id, re-keyed by
 * {@code order_id} and written to the {@code payments} partition numbered like its {@code payments-raw} partition
 * ({@link SourcePartitioner}: the join's late payments then do not depend on how fast this service reads; join-service
 * re-partitions payments by order id with the orders itself).
 * <pre>
 * payments-raw ─ validate ─ source step (clocks of payments-raw's partitions, for progress only)
 *   ─ first payment per id (store payments-edge-ids), keyed by order_id ─ payments
 * </pre>
 * Nothing is refused as late here: lateness is the join's business, against the watermark of each
 * {@code payments} partition, which is that of one {@code payments-raw} partition.
 */
public final class PaymentsTopology {

    public static final String QUERY = "payments-edge";

    private PaymentsTopology() {
    }

    public static Topology build(StreamsBuilder builder, PaymentsConfig config) {
        ShopTopics topics = config.topics();
        Topic<String, Payment> raw = topics.paymentsRaw(config.rawTopic());
        Topic<String, Payment> keyed = topics.payments(config.paymentsTopic());
        QueryLateness edge = new QueryLateness(QUERY, Duration.ZERO, LatenessRule.NEVER_LATE);
        builder.addStateStore(FirstPaymentPerId.storeBuilder(config.idempotencyWindow()));
        EventTimeSteps.clocked(builder.stream(raw.name(), raw.consumedAs("payments-raw-source")),
                        new SourceStep(QUERY, List.of(config.rawTopic()), List.of(edge), SourceStep.Mode.LOCAL))
                .process(() -> new FirstPaymentPerId(config.idempotencyWindow()), Named.as("payments-by-order-id"),
                        FirstPaymentPerId.STORE)
                .to(keyed.name(), Produced.with(keyed.keySerde(), SourcedPayment.serde(keyed.valueSerde()))
                        .withName("payments-sink").withStreamPartitioner(new SourcePartitioner()));
        return builder.build();
    }
}
