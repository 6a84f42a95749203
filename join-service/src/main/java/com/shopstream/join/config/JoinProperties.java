package com.shopstream.join.config;

import com.shopstream.common.streams.StateStoreKind;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code shopstream.join.*}.
 *
 * @param bound        a payment matches an order when {@code order_ts <= paid_ts <= order_ts + bound}
 * @param grace        watermark delay over both inputs
 * @param paidTopic    inner join rows
 * @param statusTopic  inner rows and unpaid orders
 * @param stateStores  {@code rocksdb} or {@code in-memory} for the unpaid-order detector
 */
@ConfigurationProperties("shopstream.join")
public record JoinProperties(
        @DefaultValue("5m") Duration bound,
        @DefaultValue("3m") Duration grace,
        @DefaultValue("orders-paid") String paidTopic,
        @DefaultValue("orders-payment-status") String statusTopic,
        @DefaultValue("rocksdb") StateStoreKind stateStores) {
}
