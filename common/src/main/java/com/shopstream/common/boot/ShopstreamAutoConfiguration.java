package com.shopstream.common.boot;

import ch.qos.logback.classic.LoggerContext;
import com.shopstream.common.errors.KafkaDeadLetterPublisher;
import com.shopstream.common.json.EventReader;
import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.runtime.StreamsDefaults;
import com.shopstream.common.runtime.StreamsRuntime;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.BoundedThreadReplacement;
import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.eventtime.BrokerClock;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.kafka.annotation.KafkaStreamsDefaultConfiguration;
import org.springframework.kafka.config.KafkaStreamsConfiguration;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.kafka.config.StreamsBuilderFactoryBeanConfigurer;
import org.springframework.kafka.core.KafkaAdmin;

/**
 * What every service gets from {@code common}: event reading and topic serdes, progress, and, for a service with
 * {@code @EnableKafkaStreams}, the streams defaults, dead-letter routing, a bounded uncaught-exception policy, the
 * Kafka Streams health indicator, the {@code streamprogress} endpoint and the {@code shopstream.*} meters.
 */
@AutoConfiguration
@ConditionalOnClass(StreamsBuilder.class)
@EnableConfigurationProperties(ShopstreamProperties.class)
public class ShopstreamAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(Clock.class)
    Clock shopstreamClock() {
        return Clock.systemUTC();
    }

    /** The HTTP API's per-client rate limit, where the service serves one (all five do). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    @ConditionalOnClass(name = "org.springframework.web.filter.OncePerRequestFilter")
    @ConditionalOnProperty(name = "shopstream.rate-limit.enabled", havingValue = "true", matchIfMissing = true)
    static class RateLimitConfiguration {

        @Bean
        ClientRateLimitFilter clientRateLimitFilter(ShopstreamProperties properties,
                                                    ObjectProvider<MeterRegistry> registry) {
            return new ClientRateLimitFilter(properties.rateLimit(), registry.getIfAvailable());
        }
    }

    @Bean
    ProgressRegistry progressRegistry(Environment environment, ShopstreamProperties properties) {
        return new ProgressRegistry(serviceName(environment), properties.watermark().adviceHorizon());
    }

    @Bean
    ServiceIdentity serviceIdentity(ShopstreamProperties properties, Environment environment) {
        String name = serviceName(environment);
        return new ServiceIdentity(name, properties.deadLetterTopic(name), properties.lateTopic(name));
    }

    @Bean
    EventReader eventReader(ShopstreamProperties properties, Clock clock) {
        return new EventReader(clock, properties.maxFutureSkew());
    }

    @Bean
    ShopTopics shopTopics(EventReader eventReader) {
        return new ShopTopics(eventReader);
    }

    /** The log-event counter, where logback is the logging system (as in every service). */
    @Bean
    @ConditionalOnClass(name = {"ch.qos.logback.classic.LoggerContext", "io.micrometer.core.instrument.MeterRegistry"})
    @Conditional(LogbackLogging.class)
    LogEventMetrics logEventMetrics() {
        return new LogEventMetrics((LoggerContext) LoggerFactory.getILoggerFactory());
    }

    static final class LogbackLogging implements Condition {
        @Override
        public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
            return LoggerFactory.getILoggerFactory() instanceof LoggerContext;
        }
    }

    static String serviceName(Environment environment) {
        String name = environment.getProperty("spring.application.name");
        if (name == null || name.isBlank()) {
            throw new IllegalStateException("spring.application.name must be set: it names the service, its "
                    + "dead-letter and late topics, and (by default) its Kafka Streams application.id");
        }
        return name;
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnBean(name = KafkaStreamsDefaultConfiguration.DEFAULT_STREAMS_BUILDER_BEAN_NAME)
    static class StreamsServiceConfiguration {

        @Bean(destroyMethod = "close")
        KafkaDeadLetterPublisher deadLetterPublisher(
                @Qualifier(KafkaStreamsDefaultConfiguration.DEFAULT_STREAMS_CONFIG_BEAN_NAME)
                KafkaStreamsConfiguration streamsConfig,
                ServiceIdentity service) {
            Map<String, Object> configs = new HashMap<>();
            streamsConfig.asProperties().forEach((key, value) -> configs.put(key.toString(), value));
            return new KafkaDeadLetterPublisher(configs, service.name() + "-dead-letters");
        }

        @Bean
        InputTopicsWatch inputTopicsWatch(KafkaAdmin kafkaAdmin, ShopstreamProperties properties) {
            ShopstreamProperties.Topics topics = properties.topics();
            return new InputTopicsWatch(kafkaAdmin.getConfigurationProperties(), Duration.ofSeconds(30),
                    properties.watermark().endOffsetsRefresh(), BrokerClock.shared(),
                    List.of(topics.orders(), topics.paymentsRaw(), topics.payments()));
        }

        @Bean
        StreamsBuilderFactoryBeanConfigurer shopstreamStreamsDefaults(ShopstreamProperties properties,
                                                                     KafkaDeadLetterPublisher deadLetters,
                                                                     ProgressRegistry progress, Clock clock,
                                                                     ServiceIdentity service,
                                                                     InputTopicsWatch inputTopics) {
            return factoryBean -> {
                // the lag is read off the running client's consumer metrics, once a second at most
                ConsumerLagReader lag = new ConsumerLagReader(factoryBean::getKafkaStreams, Duration.ofSeconds(1), clock);
                StreamsRuntime runtime = new StreamsRuntime(service.deadLetterTopic(), deadLetters, progress,
                        properties.eventTimeRuntime(lag, inputTopics, inputTopics));
                Properties streamsProperties = factoryBean.getStreamsConfiguration();
                streamsProperties.putIfAbsent(BeforeCommit.WRITE_BEHIND_CONFIG, properties.writeBehind());
                StreamsDefaults.apply(streamsProperties, runtime, properties.rocksdb().memory());
                factoryBean.setStreamsConfiguration(streamsProperties);
                factoryBean.setStreamsUncaughtExceptionHandler(new BoundedThreadReplacement(
                        properties.threadReplacement().max(), properties.threadReplacement().window(), clock));
            };
        }

        @Bean
        KafkaStreamsHealthIndicator kafkaStreamsHealthIndicator(StreamsBuilderFactoryBean factoryBean) {
            return new KafkaStreamsHealthIndicator(factoryBean);
        }

        @Bean
        KafkaBrokerHealthIndicator kafkaBrokerHealthIndicator(StreamsBuilderFactoryBean factoryBean,
                                                              ShopstreamProperties properties) {
            return new KafkaBrokerHealthIndicator(factoryBean, properties.brokerSilence());
        }

        @Bean(destroyMethod = "close")
        BrokerClockHealthIndicator brokerClockHealthIndicator(ShopstreamProperties properties) {
            return new BrokerClockHealthIndicator(BrokerClock.shared(), properties.clockOffsetWarning(),
                    Duration.ofSeconds(5));
        }

        @Bean
        BrokerClockMeters brokerClockMeters() {
            return new BrokerClockMeters(BrokerClock.shared());
        }

        @Bean
        StreamProgressEndpoint streamProgressEndpoint(ProgressRegistry progress, Clock clock) {
            return new StreamProgressEndpoint(progress, clock);
        }

        @Bean
        DelayAdviceEndpoint delayAdviceEndpoint(ProgressRegistry progress, Clock clock) {
            return new DelayAdviceEndpoint(progress, clock);
        }

        @Bean
        ConsoleEndpoint consoleEndpoint() {
            return new ConsoleEndpoint();
        }

        @Bean
        ProgressMeters progressMeters(ProgressRegistry progress, Clock clock, ObjectProvider<Topology> topology,
                                      StreamsBuilderFactoryBean factoryBean, ShopstreamProperties properties) {
            Set<String> stores = storeNames(topology.getIfAvailable());
            // counted twice per report interval, so that each report has a count from after the one before
            progress.storeSizes(new KafkaStreamsStoreSizes(factoryBean, stores,
                    properties.stateRows() == ShopstreamProperties.StateRows.COUNTED,
                    properties.progressInterval().dividedBy(2), clock));
            return new ProgressMeters(progress, clock, stores);
        }

        @Bean
        ProgressReporter progressReporter(ProgressRegistry progress, ShopstreamProperties properties, Clock clock) {
            return new ProgressReporter(progress, properties.progressInterval(), clock);
        }

        /** The topology's stores but the signal stores, which hold nothing ({@link BeforeCommit}). */
        private static Set<String> storeNames(Topology topology) {
            if (topology == null) {
                return Set.of();
            }
            Set<String> stores = TopologyNames.stores(topology.describe());
            stores.removeIf(BeforeCommit::isSignalStore);
            return stores;
        }
    }
}
