package com.shopstream.join.config;

import com.shopstream.common.boot.ServiceIdentity;
import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.join.topology.JoinConfig;
import com.shopstream.join.topology.OrderPaymentJoinTopology;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafkaStreams;

/** Wires {@link OrderPaymentJoinTopology} into the Spring-managed Kafka Streams client. */
@Configuration(proxyBeanMethods = false)
@EnableKafkaStreams
@EnableConfigurationProperties(JoinProperties.class)
class JoinStreamsConfiguration {

    @Bean
    JoinConfig joinConfig(JoinProperties join, ShopstreamProperties common, ServiceIdentity service,
                          ShopTopics topics) {
        return join.toConfig(common, service.lateTopic(), topics);
    }

    @Bean
    Topology joinTopology(StreamsBuilder builder, JoinConfig config) {
        return OrderPaymentJoinTopology.build(builder, config);
    }
}
