package com.shopstream.payments.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Payment;
import com.shopstream.common.testing.LogCapture;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class SourcePartitionerTest {

    @RegisterExtension
    final LogCapture logs = new LogCapture(SourcePartitioner.class);

    private final SourcePartitioner partitioner = new SourcePartitioner();
    private final Payment payment = new Payment("pay-1", 110, new BigDecimal("12.50"),
            Instant.parse("2026-01-22T10:03:00Z"));

    @Test
    void aPaymentGoesToThePartitionNumberedLikeItsSourceWhateverItsKey() {
        for (int source = 0; source < 3; source++) {
            assertThat(partitioner.partitions("payments", "110", new SourcedPayment(payment, source), 3))
                    .contains(Set.of(source));
        }
        assertThat(logs.events()).isEmpty();
    }

    @Test
    void fewerPaymentsPartitionsThanSourcesShareThemAndSaySoOnce() {
        assertThat(partitioner.partitions("payments", "110", new SourcedPayment(payment, 4), 3)).contains(Set.of(1));
        assertThat(partitioner.partitions("payments", "110", new SourcedPayment(payment, 5), 3)).contains(Set.of(2));

        assertThat(logs.events()).singleElement().satisfies(event -> assertThat(event.getFormattedMessage())
                .contains("payments has 3 partitions, fewer than the payments-raw partition 4 read"));
    }
}
