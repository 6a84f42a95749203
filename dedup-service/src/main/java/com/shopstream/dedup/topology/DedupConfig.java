package com.shopstream.dedup.topology;

import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import java.time.Duration;
import java.util.Objects;

/**
 * What {@link DedupTopology} needs; built from {@code DedupProperties} (where the defaults are).
 *
 * @param grace            the watermark delay (Spark's {@code withWatermark(order_ts, delay)})
 * @param pairsTopic       output of {@code dropDuplicates(order_id, order_ts)}; {@code null} to not run it
 * @param byIdTopic        output of {@code dropDuplicatesWithinWatermark(order_id)}; {@code null} to not run it
 * @param stores           where the deduplication state lives
 */
public record DedupConfig(String ordersTopic, String lateTopic, Duration grace,
                          String pairsTopic, String byIdTopic, StateStoreKind stores, ShopTopics topics) {

    public DedupConfig {
        Objects.requireNonNull(ordersTopic, "ordersTopic");
        Objects.requireNonNull(lateTopic, "lateTopic");
        Objects.requireNonNull(topics, "topics");
        Objects.requireNonNull(stores, "stores");
        if (grace == null || grace.isNegative()) {
            throw new IllegalArgumentException("the watermark delay (grace) must not be negative: " + grace);
        }
        pairsTopic = pairsTopic == null || pairsTopic.isBlank() ? null : pairsTopic;
        byIdTopic = byIdTopic == null || byIdTopic.isBlank() ? null : byIdTopic;
        if (pairsTopic == null && byIdTopic == null) {
            throw new IllegalArgumentException("dedup-service writes nothing: set its pairs topic, its by-id topic or both");
        }
        if (Objects.equals(pairsTopic, byIdTopic)) {
            throw new IllegalArgumentException("both deduplications write to " + pairsTopic);
        }
    }

    public DedupConfig withStores(StateStoreKind kind) {
        return new DedupConfig(ordersTopic, lateTopic, grace, pairsTopic, byIdTopic, kind, topics);
    }
}
