package com.shopstream.dedup.config;

import com.shopstream.common.streams.StateStoreKind;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code shopstream.dedup.*}.
 *
 * @param delay            watermark delay
 * @param pairsTopic       output of dropDuplicates(order_id, order_ts); blank to not run it
 * @param byIdTopic        output of dropDuplicatesWithinWatermark(order_id); blank to not run it
 * @param stateStores      {@code rocksdb} or {@code in-memory}
 */
@ConfigurationProperties("shopstream.dedup")
public record DedupProperties(
        @DefaultValue("3m") Duration delay,
        @DefaultValue("orders-deduped") String pairsTopic,
        @DefaultValue("orders-deduped-by-id") String byIdTopic,
        @DefaultValue("rocksdb") StateStoreKind stateStores) {
}
