package com.shopstream.simulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class SignedPaymentsTest {

    @Test
    void signsStandardWebhooksTestVectorAsItsReferenceDoes() {
        byte[] key = Base64.getDecoder().decode("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        assertThat(SignedPayments.signature(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330,
                "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void refusesASecretThatIsNotAWebhookSecret() {
        assertThatThrownBy(() -> new SignedPayments("http://127.0.0.1:8085", "hunter2"))
                .hasMessageContaining("whsec_").hasMessageNotContaining("hunter2");
    }
}
