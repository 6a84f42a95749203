package com.shopstream.payments.topology;

import java.security.MessageDigest;

/** What a delivery of a payment id is, given the digest kept for the id, if any ({@link PaymentDigest}). */
public enum PaymentRepeat {

    /** The id was not seen within the idempotency window: the payment goes on. */
    FIRST,
    /** The id was seen with the same content: a provider's retry, dropped. */
    SAME,
    /** The id was seen with other content: not a retry, and not the payment accepted under that id. */
    CONFLICT;

    /** @param kept the digest kept for the id, {@code null} when none is */
    public static PaymentRepeat of(byte[] kept, byte[] delivered) {
        if (kept == null) {
            return FIRST;
        }
        return MessageDigest.isEqual(kept, delivered) ? SAME : CONFLICT;
    }
}
