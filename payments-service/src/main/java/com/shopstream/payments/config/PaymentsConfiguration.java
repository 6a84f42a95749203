package com.shopstream.payments.config;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.json.EventReader;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.payments.edge.AcceptedPayments;
import com.shopstream.payments.edge.EdgeMeters;
import com.shopstream.payments.edge.PaymentPublisher;
import com.shopstream.payments.edge.PaymentsController;
import com.shopstream.payments.edge.ProducerHealthIndicator;
import com.shopstream.payments.edge.RequestAuthentication;
import com.shopstream.payments.edge.StoredPaymentIds;
import com.shopstream.payments.edge.WebhookSignatures;
import com.shopstream.payments.topology.PaymentsConfig;
import com.shopstream.payments.topology.PaymentsTopology;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.annotation.EnableKafkaStreams;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;

/** The payments edge: the HTTP endpoint with its producer, and {@link PaymentsTopology}. */
@Configuration(proxyBeanMethods = false)
@EnableKafkaStreams
@EnableConfigurationProperties(PaymentsProperties.class)
class PaymentsConfiguration {

    @Bean
    PaymentsConfig paymentsConfig(PaymentsProperties payments, ShopstreamProperties common, ShopTopics topics) {
        return payments.toConfig(common, topics);
    }

    @Bean
    Topology paymentsTopology(StreamsBuilder builder, PaymentsConfig config) {
        return PaymentsTopology.build(builder, config);
    }

    @Bean
    ProducerHealthIndicator paymentsProducerHealthIndicator(Clock clock) {
        return new ProducerHealthIndicator(clock);
    }

    /**
     * Idempotent and acks=all whatever {@code spring.kafka.producer} says: an acknowledged payment must not be lost.
     * The producer is the publisher's own (not a bean), so Boot's default template stays as it is.
     */
    @Bean(destroyMethod = "close")
    PaymentPublisher paymentPublisher(KafkaProperties kafka, PaymentsConfig config, PaymentsProperties properties,
                                      ProducerHealthIndicator health) {
        Map<String, Object> configs = PaymentPublisher.producerConfigs(kafka.buildProducerProperties(),
                properties.sendTimeout());
        properties.checkFits(maxRequestSize(configs));
        return new PaymentPublisher(
                new DefaultKafkaProducerFactory<>(configs, new StringSerializer(), new ByteArraySerializer()),
                config.rawTopic(), properties.sendTimeout(), health);
    }

    private static long maxRequestSize(Map<String, Object> producer) {
        Object configured = producer.get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG);
        return configured == null
                ? (Integer) ProducerConfig.configDef().defaultValues().get(ProducerConfig.MAX_REQUEST_SIZE_CONFIG)
                : Long.parseLong(configured.toString());
    }

    /** The edge's signature check; a secret that is not one stops the start, naming its position. */
    @Bean
    RequestAuthentication webhookSignaturesHealthIndicator(PaymentsProperties properties, Clock clock) {
        return new RequestAuthentication(
                new WebhookSignatures(properties.webhookSecrets(), properties.webhookTolerance(), clock),
                properties.acceptUnsigned());
    }

    @Bean
    EdgeMeters edgeMeters(MeterRegistry registry) {
        return new EdgeMeters(registry);
    }

    @Bean
    AcceptedPayments acceptedPayments(PaymentsProperties properties, Clock clock) {
        return new AcceptedPayments(properties.idempotencyWindow(), properties.idempotencyMaxIds(), clock);
    }

    @Bean
    StoredPaymentIds storedPaymentIds(StreamsBuilderFactoryBean factoryBean) {
        return new StoredPaymentIds(factoryBean);
    }

    @Bean
    PaymentsController paymentsController(RequestAuthentication authentication, EventReader reader,
                                          PaymentPublisher publisher, AcceptedPayments accepted,
                                          StoredPaymentIds storedIds, EdgeMeters meters, PaymentsProperties properties) {
        return new PaymentsController(authentication, reader, publisher, accepted, storedIds, meters,
                (int) properties.maxBodySize().toBytes(), properties.maxBatchLines(), properties.sendTimeout());
    }
}
