package com.shopstream.join.config;

import com.shopstream.common.boot.CoPartitioningCheck;
import com.shopstream.common.boot.ServiceIdentity;
import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.join.topology.JoinConfig;
import com.shopstream.join.topology.OrderPaymentJoinTopology;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafkaStreams;
import org.springframework.kafka.core.KafkaAdmin;

/** Wires {@link OrderPaymentJoinTopology} into the Spring-managed Kafka Streams client, after checking its inputs. */
@Configuration(proxyBeanMethods = false)
@EnableKafkaStreams
@EnableConfigurationProperties(JoinProperties.class)
class JoinStreamsConfiguration {

    @Bean
    JoinConfig joinConfig(JoinProperties join, ShopstreamProperties common, ServiceIdentity service,
                          ShopTopics topics) {
        return new JoinConfig(common.topics().orders(), common.topics().payments(), service.lateTopic(),
                join.bound(), join.grace(), join.paidTopic(), join.statusTopic(), join.stateStores(), topics);
    }

    /** Runs before the topology exists, so Kafka Streams never starts on inputs it cannot join. */
    @Bean
    CoPartitioningCheck.Verified coPartitionedInputs(JoinConfig config, KafkaAdmin kafkaAdmin) {
        try (Admin admin = Admin.create(kafkaAdmin.getConfigurationProperties())) {
            return CoPartitioningCheck.verify(admin, "join-service",
                    List.of(config.ordersTopic(), config.paymentsTopic()), Duration.ofSeconds(30));
        }
    }

    @Bean
    Topology joinTopology(StreamsBuilder builder, JoinConfig config, CoPartitioningCheck.Verified inputs) {
        return OrderPaymentJoinTopology.build(builder, config);
    }
}
