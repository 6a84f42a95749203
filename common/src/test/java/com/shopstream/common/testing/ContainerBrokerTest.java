package com.shopstream.common.testing;

import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.kafka.KafkaContainer;

/**
 * Base of tests against Apache Kafka in a container, for machines with Docker. Without Docker the tests are skipped,
 * cleanly; the in-process KRaft broker of spring-kafka-test covers the same ground everywhere.
 */
@Testcontainers(disabledWithoutDocker = true)
public abstract class ContainerBrokerTest {

    @Container
    protected static final KafkaContainer KAFKA = new KafkaContainer("apache/kafka:4.1.2");

    protected static String bootstrapServers() {
        return KAFKA.getBootstrapServers();
    }
}
