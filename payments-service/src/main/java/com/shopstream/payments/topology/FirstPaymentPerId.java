package com.shopstream.payments.topology;

import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.model.Payment;
import com.shopstream.common.watermark.Timed;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.apache.kafka.streams.state.WindowStore;
import org.apache.kafka.streams.state.WindowStoreIterator;

/**
 * Lets each payment id through once per idempotency window, re-keyed by {@code order_id} and with the partition it was
 * read from ({@link SourcePartitioner} writes it to the same partition number): a repeat with the same
 * content ({@link PaymentDigest}) is a provider's retry and is dropped; a repeat with other content is a dead letter
 * naming the id, so that neither payment is silently replaced. The ids live in a changelogged window store (retention:
 * the window, on the clock of the payment's partition), so the decision holds across pods, restarts and replays. It is exact when every
 * delivery of an id reaches the same {@code payments-raw} partition: keyed by payment id, as the HTTP edge and
 * providers key them.
 */
public final class FirstPaymentPerId implements Processor<String, Timed<Payment>, String, SourcedPayment> {

    /** The store of payment ids; the HTTP edge reads it too, to answer a repeat without writing it. */
    public static final String STORE = "payments-edge-ids";

    private final Duration window;
    private WindowStore<String, byte[]> ids;
    private ProcessorContext<String, SourcedPayment> context;

    public FirstPaymentPerId(Duration window) {
        this.window = window;
    }

    public static StoreBuilder<WindowStore<String, byte[]>> storeBuilder(Duration window) {
        return Stores.windowStoreBuilder(Stores.persistentWindowStore(STORE, window, window, false),
                Serdes.String(), Serdes.ByteArray());
    }

    /** The digest kept for {@code id} around {@code at} (within the window either way), or {@code null}. */
    public static byte[] kept(org.apache.kafka.streams.state.ReadOnlyWindowStore<String, byte[]> ids, String id,
                              Instant from, Instant to) {
        try (WindowStoreIterator<byte[]> kept = ids.fetch(id, from, to)) {
            return kept.hasNext() ? kept.next().value : null;
        }
    }

    @Override
    public void init(ProcessorContext<String, SourcedPayment> context) {
        this.context = context;
        this.ids = context.getStateStore(STORE);
    }

    @Override
    public void process(Record<String, Timed<Payment>> record) {
        if (!(record.value() instanceof Timed.Event<Payment> event)) {
            return;
        }
        Payment payment = event.event();
        byte[] digest = PaymentDigest.of(payment);
        // the partition's clock, not the payment's own time: it never goes back, so an old payment's id is kept for
        // the window too (stamped with its own time it would land in an expired segment and be forgotten at once)
        long clock = Math.max(event.newestAfter(), record.timestamp());
        Instant at = Instant.ofEpochMilli(clock);
        switch (PaymentRepeat.of(kept(ids, payment.paymentId(), at.minus(window), at), digest)) {
            case FIRST -> {
                ids.put(payment.paymentId(), digest, clock);
                context.forward(record.withKey(Long.toString(payment.orderId()))
                        .withValue(new SourcedPayment(payment, event.source().partition())));
            }
            case SAME -> {
                // a provider's retry of a payment already on its way: nothing to forward
            }
            case CONFLICT -> throw new InvalidEventException("payment_id", "payment_id " + payment.paymentId()
                    + " was accepted before with other content (within " + window + ")");
        }
    }
}
