package com.shopstream.payments.edge;

import com.shopstream.common.model.Payment;
import com.shopstream.payments.topology.PaymentDigest;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The payment ids this instance accepted recently: the first answer to a repeated {@code payment_id} (a provider
 * retrying a callback), and the guard against two requests writing one id at once. Bounded twice: ids older than
 * {@code window} are forgotten, and at most {@code maxEntries} are kept (the oldest go first). Beyond it, or on
 * another instance, {@link StoredPaymentIds} answers, and the topology drops a repeat whatever the edge answered.
 * Contents are compared by {@link PaymentDigest} (SHA-256 of the canonical form), never by a hash code.
 */
public final class AcceptedPayments {

    /** What a payment id means to this instance right now. */
    public enum Outcome {
        /** Not seen: reserved for this request, which must {@link #confirm} or {@link #release} it. */
        NEW,
        /** Accepted before with the same content: answer as accepted, do not write again. */
        REPEAT,
        /** Accepted before with other content: a conflict, not a retry. */
        CONFLICT,
        /** Another request is writing this payment id right now. */
        IN_FLIGHT
    }

    private record Entry(byte[] content, long acceptedAt, boolean confirmed) {
    }

    private final Duration window;
    private final int maxEntries;
    private final Clock clock;
    private final LinkedHashMap<String, Entry> accepted = new LinkedHashMap<>();

    public AcceptedPayments(Duration window, int maxEntries, Clock clock) {
        if (maxEntries <= 0) {
            throw new IllegalArgumentException("idempotency max entries must be positive: " + maxEntries);
        }
        this.window = window;
        this.maxEntries = maxEntries;
        this.clock = clock;
    }

    public synchronized Outcome reserve(Payment payment) {
        long now = clock.millis();
        forgetOlderThan(now - window.toMillis());
        Entry entry = accepted.get(payment.paymentId());
        if (entry == null) {
            accepted.put(payment.paymentId(), new Entry(content(payment), now, false));
            while (accepted.size() > maxEntries) {
                Iterator<Map.Entry<String, Entry>> oldest = accepted.entrySet().iterator();
                oldest.next();
                oldest.remove();
            }
            return Outcome.NEW;
        }
        if (!entry.confirmed()) {
            return Outcome.IN_FLIGHT;
        }
        return MessageDigest.isEqual(entry.content(), content(payment)) ? Outcome.REPEAT : Outcome.CONFLICT;
    }

    /** The broker acknowledged the payment: from now on a repeat is answered without writing. */
    public synchronized void confirm(Payment payment) {
        accepted.computeIfPresent(payment.paymentId(), (id, entry) -> new Entry(entry.content(), entry.acceptedAt(), true));
    }

    /** The write failed: the payment id is free again, so that the provider's retry is written. */
    public synchronized void release(Payment payment) {
        accepted.computeIfPresent(payment.paymentId(), (id, entry) -> entry.confirmed() ? entry : null);
    }

    public synchronized int size() {
        return accepted.size();
    }

    private void forgetOlderThan(long cutoff) {
        Iterator<Map.Entry<String, Entry>> entries = accepted.entrySet().iterator();
        while (entries.hasNext()) {
            Entry entry = entries.next().getValue();
            if (entry.acceptedAt() >= cutoff) {
                return;   // insertion order is acceptance order
            }
            entries.remove();
        }
    }

    private static byte[] content(Payment payment) {
        return PaymentDigest.of(payment);
    }
}
