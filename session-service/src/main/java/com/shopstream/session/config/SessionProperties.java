package com.shopstream.session.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.session.topology.SessionConfig;
import com.shopstream.session.topology.StreakClock;
import java.math.BigDecimal;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * {@code shopstream.session.*}: the only place a session-service default is written.
 *
 * @param gap          session gap
 * @param grace        watermark delay
 * @param allowedLateness how far past {@code order_ts + gap} an order is still admitted, revising the final
 *                     sessions it touches (a final session is kept {@code gap} + this after its end)
 * @param updateTopic  every change of a session; blank to write no update rows (append mode only)
 * @param finalTopic   each session once, when final
 * @param streak       the streak's settings
 * @param stateStores  {@code rocksdb} or {@code in-memory}
 */
@ConfigurationProperties("shopstream.session")
public record SessionProperties(
        @DefaultValue("3m") Duration gap,
        @DefaultValue("3m") Duration grace,
        @DefaultValue("0s") Duration allowedLateness,
        @DefaultValue("customer-sessions") String updateTopic,
        @DefaultValue("customer-sessions-final") String finalTopic,
        @DefaultValue Streak streak,
        @DefaultValue("rocksdb") StateStoreKind stateStores) {

    /** As a service without any configuration has them: bound from nothing, not copied. */
    public static SessionProperties defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate("shopstream.session",
                SessionProperties.class);
    }

    /** The topology's configuration: these settings, the shared topics and the service's late topic. */
    public SessionConfig toConfig(ShopstreamProperties common, String lateTopic, ShopTopics topics) {
        return new SessionConfig(common.topics().orders(), lateTopic, gap, grace, updateTopic, finalTopic,
                streak.topic(), streak.threshold(), streak.timeout(), streak.clock(), streak.checkInterval(),
                stateStores, topics, common.repartitionBatchSize(), allowedLateness);
    }

    /**
     * {@code shopstream.session.streak.*}.
     *
     * @param topic          streak updates; blank to not run the streak
     * @param threshold      smallest amount that continues a streak
     * @param timeout        quiet time after which a customer's streak times out
     * @param clock          {@code event-time} (the watermark) or {@code wall-clock}
     * @param checkInterval  how often wall-clock timeouts are checked
     */
    public record Streak(
            @DefaultValue("customer-streaks") String topic,
            @DefaultValue("10.00") BigDecimal threshold,
            @DefaultValue("30m") Duration timeout,
            @DefaultValue("event-time") StreakClock clock,
            @DefaultValue("1m") Duration checkInterval) {
    }
}
