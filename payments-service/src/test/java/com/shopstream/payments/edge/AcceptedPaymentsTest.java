package com.shopstream.payments.edge;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Payment;
import com.shopstream.payments.edge.AcceptedPayments.Outcome;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class AcceptedPaymentsTest {

    private final MutableClock clock = new MutableClock();

    @Test
    void aConfirmedPaymentIdRepeatsAndOtherContentConflicts() {
        AcceptedPayments accepted = new AcceptedPayments(Duration.ofHours(24), 10, clock);
        Payment payment = payment("p1", "12.50");

        assertThat(accepted.reserve(payment)).isEqualTo(Outcome.NEW);
        assertThat(accepted.reserve(payment)).isEqualTo(Outcome.IN_FLIGHT);
        accepted.confirm(payment);
        assertThat(accepted.reserve(payment)).isEqualTo(Outcome.REPEAT);
        assertThat(accepted.reserve(payment("p1", "13.00"))).isEqualTo(Outcome.CONFLICT);
    }

    @Test
    void aFailedWriteFreesThePaymentIdForTheRetry() {
        AcceptedPayments accepted = new AcceptedPayments(Duration.ofHours(24), 10, clock);
        Payment payment = payment("p1", "1.00");
        accepted.reserve(payment);

        accepted.release(payment);

        assertThat(accepted.reserve(payment)).isEqualTo(Outcome.NEW);
    }

    @Test
    void remembersPaymentIdsForTheWindowAndAtMostTheLimit() {
        AcceptedPayments accepted = new AcceptedPayments(Duration.ofHours(24), 2, clock);
        for (String id : new String[] {"a", "b", "c"}) {
            accepted.reserve(payment(id, "1.00"));
            accepted.confirm(payment(id, "1.00"));
        }
        assertThat(accepted.size()).isEqualTo(2);
        assertThat(accepted.reserve(payment("c", "1.00"))).isEqualTo(Outcome.REPEAT);
        assertThat(accepted.reserve(payment("a", "1.00"))).isEqualTo(Outcome.NEW);   // the oldest was forgotten

        clock.now = clock.now.plus(Duration.ofHours(24)).plusMillis(1);
        assertThat(accepted.reserve(payment("c", "1.00"))).isEqualTo(Outcome.NEW);
    }

    private static Payment payment(String id, String amount) {
        return new Payment(id, 1, new BigDecimal(amount), Instant.parse("2026-01-22T10:00:00Z"));
    }

    private static final class MutableClock extends Clock {
        Instant now = Instant.parse("2026-01-22T12:00:00Z");

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
