package com.shopstream.payments.edge;

import java.time.Clock;
import java.time.Instant;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health of the payments producer, from the outcome of its writes: DOWN while the latest write failed (payments are
 * being refused with 503), UP otherwise. Passive, so that a health probe never blocks on the broker.
 */
public final class ProducerHealthIndicator implements HealthIndicator {

    private final Clock clock;
    private volatile Instant lastSuccess;
    private volatile Instant lastFailure;
    private volatile String lastError;

    public ProducerHealthIndicator(Clock clock) {
        this.clock = clock;
    }

    void record(Throwable failure) {
        if (failure == null) {
            lastSuccess = clock.instant();
        } else {
            lastFailure = clock.instant();
            lastError = failure.getClass().getSimpleName() + ": " + failure.getMessage();
        }
    }

    @Override
    public Health health() {
        Instant success = lastSuccess;
        Instant failure = lastFailure;
        Health.Builder health = failure != null && (success == null || failure.isAfter(success))
                ? Health.down().withDetail("lastError", String.valueOf(lastError))
                : Health.up();
        if (success != null) {
            health.withDetail("lastSuccess", success.toString());
        }
        if (failure != null) {
            health.withDetail("lastFailure", failure.toString());
        }
        return health.build();
    }
}
