package com.shopstream.payments.topology;

import com.shopstream.common.model.Payment;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.Serializer;

/** A payment on its way to {@code payments}, with the {@code payments-raw} partition it was read from. */
public record SourcedPayment(Payment payment, int sourcePartition) {

    /** Writes the payment alone, as {@code payments} carries it; nothing reads this type back. */
    static Serde<SourcedPayment> serde(Serde<Payment> payments) {
        Serializer<Payment> inner = payments.serializer();
        Serializer<SourcedPayment> serializer = (topic, sourced) -> sourced == null ? null
                : inner.serialize(topic, sourced.payment());
        return Serdes.serdeFrom(serializer, (topic, bytes) -> {
            throw new UnsupportedOperationException("payments are read as payments, not as " + SourcedPayment.class);
        });
    }
}
