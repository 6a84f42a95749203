package com.shopstream.payments.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.CompletionException;
import org.apache.kafka.common.errors.NotEnoughReplicasException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

class ProducerHealthIndicatorTest {

    private final ProducerHealthIndicator health =
            new ProducerHealthIndicator(Clock.fixed(Instant.parse("2026-12-06T04:00:00Z"), ZoneOffset.UTC));

    @Test
    void aRecordTheBrokerRefusesLeavesTheProducerUpAndSaysSo() {
        health.record(null);
        health.record(new CompletionException(new RecordTooLargeException("The message is 2000000 bytes")));

        assertThat(health.health().getStatus()).isEqualTo(Status.UP);
        assertThat(health.health().getDetails()).containsEntry("lastRecordError",
                "RecordTooLargeException: The message is 2000000 bytes");
    }

    @Test
    void brokersThatCannotTakeAWriteTakeItDownUntilOneSucceeds() {
        health.record(new CompletionException(new TimeoutException("Expiring 1 record(s)")));
        assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);

        health.record(null);
        assertThat(health.health().getStatus()).isEqualTo(Status.UP);

        health.record(new NotEnoughReplicasException("2 of 3"));
        assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
        health.record(new java.util.concurrent.TimeoutException());
        assertThat(health.health().getStatus()).isEqualTo(Status.DOWN);
    }
}
