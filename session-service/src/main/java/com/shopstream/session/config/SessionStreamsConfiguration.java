package com.shopstream.session.config;

import com.shopstream.common.boot.ServiceIdentity;
import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.session.topology.SessionConfig;
import com.shopstream.session.topology.SessionTopology;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafkaStreams;

/** Wires {@link SessionTopology} into the Spring-managed Kafka Streams client. */
@Configuration(proxyBeanMethods = false)
@EnableKafkaStreams
@EnableConfigurationProperties(SessionProperties.class)
class SessionStreamsConfiguration {

    @Bean
    SessionConfig sessionConfig(SessionProperties session, ShopstreamProperties common, ServiceIdentity service,
                                ShopTopics topics) {
        return session.toConfig(common, service.lateTopic(), topics);
    }

    @Bean
    Topology sessionTopology(StreamsBuilder builder, SessionConfig config) {
        return SessionTopology.build(builder, config);
    }
}
