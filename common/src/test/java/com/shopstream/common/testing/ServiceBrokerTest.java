package com.shopstream.common.testing;

import java.time.Duration;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of a service's Spring test on the in-process KRaft broker: annotate the subclass with {@code @SpringBootTest}
 * (the service's application class) and {@code @EmbeddedKafka} (its topics, with {@link KafkaTestClients}' broker
 * properties). It points the service at the broker, gives it a fresh state directory, and waits for RUNNING.
 */
@Import(StreamsRunningLatch.class)
public abstract class ServiceBrokerTest {

    @Autowired
    private StreamsRunningLatch running;

    @DynamicPropertySource
    static void brokerAndStateDir(DynamicPropertyRegistry registry) {
        registry.add("spring.kafka.bootstrap-servers", ServiceBrokerTest::brokers);
        // state left by an earlier run belongs to another (embedded) cluster
        registry.add("spring.kafka.streams.state-dir", () -> TestStreams.tempDir("service-broker-test").toString());
        registry.add("spring.main.banner-mode", () -> "off");
    }

    protected static String brokers() {
        return System.getProperty("spring.embedded.kafka.brokers");
    }

    protected void awaitRunning() {
        running.await(Duration.ofSeconds(60));
    }
}
