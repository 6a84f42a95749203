package com.shopstream.simulator;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Posts payments to payments-service as a payment provider does: each signed with Standard Webhooks' scheme
 * ({@code webhook-id}, {@code webhook-timestamp}, {@code webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">}) under a {@code whsec_} secret of the service's {@code shopstream.payments.webhook-secrets}.
 */
final class SignedPayments {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI endpoint;
    private final byte[] key;
    private final String run = Long.toString(System.currentTimeMillis(), 36);
    private final AtomicLong messages = new AtomicLong();

    /** @param url payments-service, e.g. {@code http://127.0.0.1:8085} */
    SignedPayments(String url, String secret) {
        if (secret == null || !secret.startsWith("whsec_")) {
            throw new IllegalArgumentException("the webhook secret must be a whsec_<base64> secret of the service's "
                    + "shopstream.payments.webhook-secrets");
        }
        String base = url.replaceAll("/+$", "");
        this.endpoint = URI.create(base.endsWith("/payments") ? base : base + "/payments");
        this.key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
    }

    /**
     * Posts one payment as a provider does: a 429 or a 503 is retried (after {@code Retry-After}, or a second) with
     * the same {@code webhook-id}, at most {@link #ATTEMPTS} times. Returns payments-service's final answer: 202 when
     * it acknowledged the payment; a 400 or 409 says why it did not, and a replay goes on, as it does past a record
     * that payments-service dead-letters from the topic.
     */
    HttpResponse<String> post(String json) throws IOException, InterruptedException {
        String id = "msg_sim_" + run + "_" + messages.incrementAndGet();
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> answer = null;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            long timestamp = System.currentTimeMillis() / 1000;
            answer = HTTP.send(HttpRequest.newBuilder(endpoint)
                    .timeout(Duration.ofSeconds(30))
                    .header("content-type", "application/json")
                    .header("webhook-id", id)
                    .header("webhook-timestamp", Long.toString(timestamp))
                    .header("webhook-signature", signature(key, id, timestamp, body))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() != 429 && answer.statusCode() != 503) {
                return answer;
            }
            long seconds = answer.headers().firstValueAsLong("Retry-After").orElse(1);
            java.util.concurrent.TimeUnit.SECONDS.sleep(Math.max(1, Math.min(seconds, 30)));
        }
        return answer;
    }

    static final int ATTEMPTS = 10;

    static String signature(byte[] key, String id, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is not available in this JVM", e);
        }
    }
}
