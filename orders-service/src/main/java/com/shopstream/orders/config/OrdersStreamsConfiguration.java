package com.shopstream.orders.config;

import com.shopstream.common.boot.ServiceIdentity;
import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.orders.topology.OrderWindowConfig;
import com.shopstream.orders.topology.OrderWindowTopology;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafkaStreams;

/** Wires {@link OrderWindowTopology} into the Spring-managed Kafka Streams client. */
@Configuration(proxyBeanMethods = false)
@EnableKafkaStreams
@EnableConfigurationProperties(OrdersProperties.class)
class OrdersStreamsConfiguration {

    @Bean
    OrderWindowConfig orderWindowConfig(OrdersProperties orders, ShopstreamProperties common,
                                        ServiceIdentity service, ShopTopics topics) {
        return orders.toConfig(common, service.lateTopic(), topics);
    }

    @Bean
    Topology ordersTopology(StreamsBuilder builder, OrderWindowConfig config) {
        return OrderWindowTopology.build(builder, config);
    }
}
