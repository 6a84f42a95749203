package com.shopstream.payments.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.payments.topology.PaymentsConfig;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

/**
 * {@code shopstream.payments.*}.
 *
 * @param sendTimeout         how long a request waits for the broker's acknowledgement before answering 503
 * @param maxBodySize         largest request body accepted; below the producer's {@code max.request.size}
 * @param maxBatchLines       most payments in one batch
 * @param idempotencyWindow   how long a payment id is kept in the topology's store: a repeat within it does not reach
 *                            {@code payments}
 * @param idempotencyMaxIds   how many payment ids each instance also keeps in memory, to answer its own repeats
 * @param webhookSecrets      the {@code whsec_<base64>} secrets a request may be signed with (Standard Webhooks); two
 *                            while one is rotated out; none: every request is refused with 401
 * @param webhookTolerance    how far a request's {@code webhook-timestamp} may be from this edge's clock, either way
 * @param acceptUnsigned      accept requests that carry no signature headers at all (signed ones are still
 *                            verified): for a trusted network only, said at start and in the health details
 */
@ConfigurationProperties("shopstream.payments")
public record PaymentsProperties(
        @DefaultValue("10s") Duration sendTimeout,
        @DefaultValue("512KB") DataSize maxBodySize,
        @DefaultValue("10000") int maxBatchLines,
        @DefaultValue("24h") Duration idempotencyWindow,
        @DefaultValue("100000") int idempotencyMaxIds,
        @DefaultValue List<String> webhookSecrets,
        @DefaultValue("5m") Duration webhookTolerance,
        @DefaultValue("false") boolean acceptUnsigned) {

    /** As a service without any configuration has them: bound from nothing, not copied. */
    public static PaymentsProperties defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate("shopstream.payments",
                PaymentsProperties.class);
    }

    /** The topology's configuration: the shared topics it reads and writes. */
    public PaymentsConfig toConfig(ShopstreamProperties common, ShopTopics topics) {
        return new PaymentsConfig(common.topics().paymentsRaw(), common.topics().payments(), topics,
                idempotencyWindow);
    }

    /**
     * A body may not be as large as the producer's largest request: with the limits the other way round, a payment
     * could be read, validated and then refused by the producer on every retry.
     *
     * @throws IllegalStateException naming both settings when it is
     */
    public void checkFits(long producerMaxRequestSize) {
        if (maxBodySize.toBytes() >= producerMaxRequestSize) {
            throw new IllegalStateException("shopstream.payments.max-body-size (" + maxBodySize.toBytes()
                    + " bytes) must be below the producer's max.request.size (" + producerMaxRequestSize
                    + " bytes, spring.kafka.producer.properties.max.request.size): lower the first or raise the "
                    + "second (and the topic's max.message.bytes with it)");
        }
    }

    /** Names how many webhook secrets there are, never what they are. */
    @Override
    public String toString() {
        return "PaymentsProperties[sendTimeout=" + sendTimeout + ", maxBodySize=" + maxBodySize + ", maxBatchLines="
                + maxBatchLines + ", idempotencyWindow=" + idempotencyWindow + ", idempotencyMaxIds="
                + idempotencyMaxIds + ", webhookSecrets=" + webhookSecrets.size() + " (not shown), webhookTolerance="
                + webhookTolerance + ", acceptUnsigned=" + acceptUnsigned + "]";
    }

    public PaymentsProperties {
        webhookSecrets = webhookSecrets == null ? List.of() : List.copyOf(webhookSecrets);
        if (maxBatchLines <= 0) {
            throw new IllegalArgumentException("shopstream.payments.max-batch-lines must be positive: " + maxBatchLines);
        }
        if (maxBodySize.toBytes() <= 0 || maxBodySize.toBytes() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("shopstream.payments.max-body-size out of range: " + maxBodySize);
        }
    }
}
