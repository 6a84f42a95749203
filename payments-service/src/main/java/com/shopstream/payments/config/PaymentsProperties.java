package com.shopstream.payments.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * {@code shopstream.payments.*}.
 *
 * @param sendTimeout         how long a request waits for the broker's acknowledgement before answering 503
 * @param maxBodySize         largest request body accepted
 * @param maxBatchLines       most payments in one batch
 * @param idempotencyWindow   how long an accepted payment id is remembered (repeats within it are not written again)
 * @param idempotencyMaxIds   how many payment ids are remembered at most
 */
@ConfigurationProperties("shopstream.payments")
public record PaymentsProperties(
        @DefaultValue("10s") Duration sendTimeout,
        @DefaultValue("4MB") DataSize maxBodySize,
        @DefaultValue("10000") int maxBatchLines,
        @DefaultValue("24h") Duration idempotencyWindow,
        @DefaultValue("100000") int idempotencyMaxIds) {

    public PaymentsProperties {
        if (maxBatchLines <= 0) {
            throw new IllegalArgumentException("shopstream.payments.max-batch-lines must be positive: " + maxBatchLines);
        }
        if (maxBodySize.toBytes() <= 0 || maxBodySize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("shopstream.payments.max-body-size out of range: " + maxBodySize);
        }
    }
}
