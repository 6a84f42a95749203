package com.shopstream.payments.edge;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.http.HttpStatusCode;

/**
 * What the edge refuses and what it drops, neither of which shows in the topics:
 * {@code shopstream.payments.refused{status, reason}} (a flood of 401s is an attack or a rotated secret, of 413s a
 * misconfigured provider) and {@code shopstream.payments.fields.dropped} (fields outside the contract that accepted
 * payments carried and {@code payments-raw} does not).
 */
public final class EdgeMeters {

    static final String REFUSED = "shopstream.payments.refused";
    static final String FIELDS_DROPPED = "shopstream.payments.fields.dropped";

    private final MeterRegistry registry;

    public EdgeMeters(MeterRegistry registry) {
        this.registry = registry;
        registry.counter(FIELDS_DROPPED);
    }

    void refused(HttpStatusCode status, String reason) {
        registry.counter(REFUSED, "status", Integer.toString(status.value()), "reason", reason).increment();
    }

    void fieldsDropped(int fields) {
        if (fields > 0) {
            registry.counter(FIELDS_DROPPED).increment(fields);
        }
    }
}
