package com.shopstream.payments.edge;

import com.shopstream.common.errors.CauseChain;
import java.time.Clock;
import java.time.Instant;
import org.apache.kafka.common.errors.RetriableException;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Health of the payments producer, from the outcome of its writes: DOWN while the latest write failed because the
 * brokers could not take it (a timeout, or an error Kafka calls retriable: no leader, not enough replicas, a lost
 * connection), UP otherwise. A write refused for the record itself (too large, say) says nothing about the brokers
 * and leaves the state as it was: one caller's request must not take the instance out of service. Passive, so that
 * a health probe never blocks on the broker.
 */
public final class ProducerHealthIndicator implements HealthIndicator {

    private final Clock clock;
    /** Whether the latest write that reached a verdict on the brokers failed. */
    private volatile boolean down;
    private volatile Instant lastSuccess;
    private volatile Instant lastFailure;
    private volatile String lastError;
    private volatile Instant lastRecordRefused;
    private volatile String lastRecordError;

    public ProducerHealthIndicator(Clock clock) {
        this.clock = clock;
    }

    void record(Throwable failure) {
        if (failure == null) {
            lastSuccess = clock.instant();
            down = false;
        } else if (brokersUnavailable(failure)) {
            lastFailure = clock.instant();
            lastError = describe(failure);
            down = true;
        } else {
            lastRecordRefused = clock.instant();
            lastRecordError = describe(failure);
        }
    }

    @Override
    public Health health() {
        Instant success = lastSuccess;
        Instant failure = lastFailure;
        Health.Builder health = down
                ? Health.down().withDetail("lastError", String.valueOf(lastError))
                : Health.up();
        if (success != null) {
            health.withDetail("lastSuccess", success.toString());
        }
        if (failure != null) {
            health.withDetail("lastFailure", failure.toString());
        }
        Instant refused = lastRecordRefused;
        if (refused != null) {
            health.withDetail("lastRecordRefused", refused.toString())
                    .withDetail("lastRecordError", String.valueOf(lastRecordError));
        }
        return health.build();
    }

    /** A timeout or a retriable Kafka error anywhere in the chain: the brokers, not the record. */
    static boolean brokersUnavailable(Throwable failure) {
        return CauseChain.has(failure, RetriableException.class, java.util.concurrent.TimeoutException.class);
    }

    private static String describe(Throwable failure) {
        Throwable root = CauseChain.root(failure);
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }
}
