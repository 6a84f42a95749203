package com.shopstream.payments.edge;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks' signatures (<a href="https://www.standardwebhooks.com">standardwebhooks.com</a>), as payment
 * providers sign their callbacks: {@code webhook-signature} holds one or more space-separated {@code v1,<base64>},
 * each the HMAC-SHA256 of {@code <webhook-id>.<webhook-timestamp>.<body>} under a {@code whsec_<base64>} secret.
 * A request is authentic when any of its signatures matches any configured secret (two secrets are valid while one
 * is rotated out) and its timestamp is within the tolerance of this edge's clock, either way: an old timestamp is a
 * replayed request, a future one was made to outlive the tolerance.
 */
public final class WebhookSignatures {

    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";
    private static final String SECRET_PREFIX = "whsec_";
    private static final String HMAC = "HmacSHA256";
    /** Standard Webhooks' limit for {@code webhook-id}: longer ids are not a provider's. */
    private static final int MAX_ID_LENGTH = 256;

    /** Why a request is not authentic: the {@code reason} tag of the refusals metric, and what the caller is told. */
    public enum Refusal {
        NO_SECRET("no webhook secret is configured (shopstream.payments.webhook-secrets): no payment is accepted"),
        MISSING_HEADERS("the webhook-id, webhook-timestamp and webhook-signature headers are required"),
        BAD_HEADERS("webhook-timestamp must be whole seconds since the epoch, webhook-id at most "
                + MAX_ID_LENGTH + " characters"),
        STALE_TIMESTAMP("webhook-timestamp is older than the tolerance: a replayed or delayed request"),
        FUTURE_TIMESTAMP("webhook-timestamp is ahead of the tolerance"),
        BAD_SIGNATURE("no v1 signature in webhook-signature matches the body under a configured secret");

        private final String reason;

        Refusal(String reason) {
            this.reason = reason;
        }

        public String reason() {
            return reason;
        }

        public String tag() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private final List<byte[]> keys;
    private final Duration tolerance;
    private final Clock clock;

    /**
     * @param secrets   {@code whsec_<base64>} secrets; none is allowed (then every request is refused)
     * @throws IllegalArgumentException naming the position, never the value, of a secret that is not one
     */
    public WebhookSignatures(List<String> secrets, Duration tolerance, Clock clock) {
        List<byte[]> parsed = new ArrayList<>();
        for (int i = 0; i < secrets.size(); i++) {
            parsed.add(key(secrets.get(i), "shopstream.payments.webhook-secrets[" + i + "]"));
        }
        if (tolerance.isNegative() || tolerance.isZero()) {
            throw new IllegalArgumentException("shopstream.payments.webhook-tolerance must be positive: " + tolerance);
        }
        this.keys = List.copyOf(parsed);
        this.tolerance = tolerance;
        this.clock = clock;
    }

    public int secrets() {
        return keys.size();
    }

    public Duration tolerance() {
        return tolerance;
    }

    /** Why the request is not authentic, or empty when it is. Header values may be {@code null} (absent). */
    public Optional<Refusal> verify(String id, String timestamp, String signatures, byte[] body) {
        if (keys.isEmpty()) {
            return Optional.of(Refusal.NO_SECRET);
        }
        if (id == null || timestamp == null || signatures == null) {
            return Optional.of(Refusal.MISSING_HEADERS);
        }
        long seconds;
        try {
            seconds = Long.parseLong(timestamp);
        } catch (NumberFormatException e) {
            return Optional.of(Refusal.BAD_HEADERS);
        }
        if (id.isEmpty() || id.length() > MAX_ID_LENGTH) {
            return Optional.of(Refusal.BAD_HEADERS);
        }
        long now = clock.millis() / 1000;
        if (seconds < now - tolerance.toSeconds()) {
            return Optional.of(Refusal.STALE_TIMESTAMP);
        }
        if (seconds > now + tolerance.toSeconds()) {
            return Optional.of(Refusal.FUTURE_TIMESTAMP);
        }
        for (byte[] key : keys) {
            byte[] expected = hmac(key, id, seconds, body);
            for (String signature : signatures.trim().split(" +")) {
                if (signature.startsWith("v1,") && MessageDigest.isEqual(expected, decode(signature.substring(3)))) {
                    return Optional.empty();
                }
            }
        }
        return Optional.of(Refusal.BAD_SIGNATURE);
    }

    /** The {@code webhook-signature} value a provider holding {@code secret} sends: {@code v1,<base64>}. */
    public static String sign(String secret, String id, long timestampSeconds, byte[] body) {
        return "v1," + Base64.getEncoder().encodeToString(
                hmac(key(secret, "the secret"), id, timestampSeconds, body));
    }

    /** A new random secret in the {@code whsec_} form, as a provider issues one. */
    public static String newSecret() {
        byte[] key = new byte[32];
        new java.security.SecureRandom().nextBytes(key);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
    }

    private static byte[] hmac(byte[] key, String id, long seconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            mac.update((id + "." + seconds + ".").getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available in this JVM", e);
        }
    }

    /** A signature that is not base64 matches nothing: it decodes to no bytes. */
    private static byte[] decode(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return new byte[0];
        }
    }

    private static byte[] key(String secret, String name) {
        if (secret == null || !secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException(name + " is not a whsec_<base64> secret");
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not a whsec_<base64> secret: its key is not base64");
        }
        if (key.length < 16) {
            throw new IllegalArgumentException(name + " holds a key of " + key.length
                    + " bytes: at least 16 are needed (providers issue 24 to 64)");
        }
        return key;
    }
}
