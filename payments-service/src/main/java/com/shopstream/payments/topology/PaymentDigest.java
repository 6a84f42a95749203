package com.shopstream.payments.topology;

import com.shopstream.common.json.EventWriter;
import com.shopstream.common.model.Payment;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * What makes two deliveries of a payment id the same payment: the SHA-256 of the payment's canonical JSON (its four
 * contract fields, amounts with 2 decimals, UTC instants), so that {@code 12.5} and {@code 12.50}, or the same instant
 * written in two zones, are one payment, and any other difference is another.
 */
public final class PaymentDigest {

    private PaymentDigest() {
    }

    public static byte[] of(Payment payment) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(EventWriter.write(payment));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available in this JVM", e);
        }
    }
}
