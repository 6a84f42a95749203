package com.shopstream.dedup.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.dedup.topology.DedupConfig;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * {@code shopstream.dedup.*}: the only place a dedup-service default is written.
 *
 * @param grace            watermark delay ({@code shopstream.dedup.delay} until this release: still read, with a
 *                         warning)
 * @param pairsTopic       output of dropDuplicates(order_id, order_ts); blank to not run it
 * @param byIdTopic        output of dropDuplicatesWithinWatermark(order_id); blank to not run it
 * @param stateStores      {@code rocksdb} or {@code in-memory}
 */
@ConfigurationProperties("shopstream.dedup")
public record DedupProperties(
        @DefaultValue("3m") Duration grace,
        @DefaultValue("orders-deduped") String pairsTopic,
        @DefaultValue("orders-deduped-by-id") String byIdTopic,
        @DefaultValue("rocksdb") StateStoreKind stateStores) {

    /** As a service without any configuration has them: bound from nothing, not copied. */
    public static DedupProperties defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate("shopstream.dedup",
                DedupProperties.class);
    }

    /** The topology's configuration: these settings, the shared topics and the service's late topic. */
    public DedupConfig toConfig(ShopstreamProperties common, String lateTopic, ShopTopics topics) {
        return new DedupConfig(common.topics().orders(), lateTopic, grace, pairsTopic, byIdTopic, stateStores,
                topics);
    }
}
