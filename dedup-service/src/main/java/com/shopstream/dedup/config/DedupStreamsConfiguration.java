package com.shopstream.dedup.config;

import com.shopstream.common.boot.ServiceIdentity;
import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.dedup.topology.DedupConfig;
import com.shopstream.dedup.topology.DedupTopology;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafkaStreams;

/** Wires {@link DedupTopology} into the Spring-managed Kafka Streams client. */
@Configuration(proxyBeanMethods = false)
@EnableKafkaStreams
@EnableConfigurationProperties(DedupProperties.class)
class DedupStreamsConfiguration {

    @Bean
    DedupConfig dedupConfig(DedupProperties dedup, ShopstreamProperties common, ServiceIdentity service,
                            ShopTopics topics) {
        return dedup.toConfig(common, service.lateTopic(), topics);
    }

    @Bean
    Topology dedupTopology(StreamsBuilder builder, DedupConfig config) {
        return DedupTopology.build(builder, config);
    }
}
