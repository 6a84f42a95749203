package com.shopstream.payments.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.payments.topology.PaymentsConfig;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
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

    /** As a service without any configuration has them: bound from nothing, not copied. */
    public static PaymentsProperties defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate("shopstream.payments",
                PaymentsProperties.class);
    }

    /** The topology's configuration: the shared topics it reads and writes. */
    public PaymentsConfig toConfig(ShopstreamProperties common, ShopTopics topics) {
        return new PaymentsConfig(common.topics().paymentsRaw(), common.topics().payments(), topics);
    }

    public PaymentsProperties {
        if (maxBatchLines <= 0) {
            throw new IllegalArgumentException("shopstream.payments.max-batch-lines must be positive: " + maxBatchLines);
        }
        if (maxBodySize.toBytes() <= 0 || maxBodySize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("shopstream.payments.max-body-size out of range: " + maxBodySize);
        }
    }
}
