package com.shopstream.payments.edge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.shopstream.payments.edge.WebhookSignatures.Refusal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookSignaturesTest {

    /** Standard Webhooks' own test vector (its reference libraries sign it to exactly this). */
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final long AT = 1614265330;
    private static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    private static final String SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    private static final String OTHER_SECRET = "whsec_" + java.util.Base64.getEncoder()
            .encodeToString("another key, 32 bytes long......".getBytes(StandardCharsets.UTF_8));

    private static WebhookSignatures at(long seconds, String... secrets) {
        return new WebhookSignatures(List.of(secrets), Duration.ofMinutes(5),
                Clock.fixed(Instant.ofEpochSecond(seconds), ZoneOffset.UTC));
    }

    @Test
    void signsAsTheStandardsReferenceDoes() {
        assertThat(WebhookSignatures.sign(SECRET, ID, AT, BODY)).isEqualTo(SIGNATURE);
    }

    @Test
    void acceptsTheReferenceSignatureWithinTheToleranceEitherWay() {
        assertThat(at(AT, SECRET).verify(ID, Long.toString(AT), SIGNATURE, BODY)).isEmpty();
        assertThat(at(AT + 300, SECRET).verify(ID, Long.toString(AT), SIGNATURE, BODY)).isEmpty();
        assertThat(at(AT - 300, SECRET).verify(ID, Long.toString(AT), SIGNATURE, BODY)).isEmpty();
    }

    @Test
    void refusesATimestampBeyondTheToleranceAsStaleOrFuture() {
        assertThat(at(AT + 301, SECRET).verify(ID, Long.toString(AT), SIGNATURE, BODY))
                .contains(Refusal.STALE_TIMESTAMP);
        assertThat(at(AT - 301, SECRET).verify(ID, Long.toString(AT), SIGNATURE, BODY))
                .contains(Refusal.FUTURE_TIMESTAMP);
    }

    @Test
    void refusesAnyChangeToTheBodyTheIdOrTheTimestamp() {
        WebhookSignatures signatures = at(AT, SECRET);
        byte[] changed = "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8);
        assertThat(signatures.verify(ID, Long.toString(AT), SIGNATURE, changed)).contains(Refusal.BAD_SIGNATURE);
        assertThat(signatures.verify(ID + "x", Long.toString(AT), SIGNATURE, BODY)).contains(Refusal.BAD_SIGNATURE);
        assertThat(signatures.verify(ID, Long.toString(AT + 1), SIGNATURE, BODY)).contains(Refusal.BAD_SIGNATURE);
    }

    @Test
    void acceptsAnyMatchingSignatureOfAListAndOnlyVersionOne() {
        WebhookSignatures signatures = at(AT, SECRET);
        String other = "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=";
        assertThat(signatures.verify(ID, Long.toString(AT), other + " " + SIGNATURE + " v1,!!", BODY)).isEmpty();
        assertThat(signatures.verify(ID, Long.toString(AT), "v2," + SIGNATURE.substring(3), BODY))
                .contains(Refusal.BAD_SIGNATURE);
        assertThat(signatures.verify(ID, Long.toString(AT), other + " garbage", BODY))
                .contains(Refusal.BAD_SIGNATURE);
    }

    @Test
    void acceptsEitherSecretDuringARotation() {
        String signedWithOther = WebhookSignatures.sign(OTHER_SECRET, ID, AT, BODY);
        assertThat(at(AT, SECRET, OTHER_SECRET).verify(ID, Long.toString(AT), signedWithOther, BODY)).isEmpty();
        assertThat(at(AT, OTHER_SECRET, SECRET).verify(ID, Long.toString(AT), SIGNATURE, BODY)).isEmpty();
        assertThat(at(AT, SECRET).verify(ID, Long.toString(AT), signedWithOther, BODY))
                .contains(Refusal.BAD_SIGNATURE);
    }

    @Test
    void refusesMissingOrMalformedHeadersAndEverythingWithoutASecret() {
        WebhookSignatures signatures = at(AT, SECRET);
        assertThat(signatures.verify(null, Long.toString(AT), SIGNATURE, BODY)).contains(Refusal.MISSING_HEADERS);
        assertThat(signatures.verify(ID, null, SIGNATURE, BODY)).contains(Refusal.MISSING_HEADERS);
        assertThat(signatures.verify(ID, Long.toString(AT), null, BODY)).contains(Refusal.MISSING_HEADERS);
        assertThat(signatures.verify(ID, "2021-02-25T15:02:10Z", SIGNATURE, BODY)).contains(Refusal.BAD_HEADERS);
        assertThat(signatures.verify("x".repeat(257), Long.toString(AT), SIGNATURE, BODY))
                .contains(Refusal.BAD_HEADERS);
        assertThat(at(AT).verify(ID, Long.toString(AT), SIGNATURE, BODY)).contains(Refusal.NO_SECRET);
    }

    @Test
    void refusesToStartWithASecretThatIsNotOneAndNeverPrintsIt() {
        assertThatThrownBy(() -> at(AT, SECRET, "hunter2-hunter2-hunter2"))
                .hasMessageContaining("shopstream.payments.webhook-secrets[1]").hasMessageNotContaining("hunter2");
        assertThatThrownBy(() -> at(AT, "whsec_not*base64"))
                .hasMessageContaining("webhook-secrets[0]").hasMessageNotContaining("not*base64");
        assertThatThrownBy(() -> at(AT, "whsec_c2hvcnQ="))
                .hasMessageContaining("at least 16");
    }

    @Test
    void newSecretsAreValidAndDistinct() {
        String first = WebhookSignatures.newSecret();
        assertThat(first).startsWith("whsec_").isNotEqualTo(WebhookSignatures.newSecret());
        assertThat(at(AT, first).verify(ID, Long.toString(AT), WebhookSignatures.sign(first, ID, AT, BODY), BODY))
                .isEmpty();
    }
}
