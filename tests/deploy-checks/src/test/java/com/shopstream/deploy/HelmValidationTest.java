package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Inconsistent values make rendering fail with a message naming the value (templates/_validate.tpl). */
class HelmValidationTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            partitions-differ.yaml            | topics: the co-partitioned topics would get different partition counts (orders 6, payments 3, payments-raw 6;
            topic-names.yaml                  | topics.names is gone: the chart creates the topics of its files/contract-topics.txt
            unknown-topic.yaml                | topics.partitionsByTopic.order: order is not in the chart's files/contract-topics.txt
            no-replicas.yaml                  | services.orders.replicaCount must be at least 1
            static-membership-deployment.yaml | services.join.staticMembership needs kind StatefulSet
            no-bootstrap-servers.yaml         | kafka.bootstrapServers is required
            sasl-without-secret.yaml          | kafka.sasl.existingSecret is required with kafka.securityProtocol=SASL_SSL
            unknown-service.yaml              | services.order is not a Shopstream service
            same-ports.yaml                   | services.dedup.ports.http and .management must differ
            """)
    void inconsistentValuesFailTheRendering(String file, String message) throws URISyntaxException {
        Path values = Path.of(HelmValidationTest.class.getResource("/values/" + file).toURI());
        assertThatThrownBy(() -> Chart.render(Map.of(), values))
                .hasMessageContaining("shopstream: invalid values")
                .hasMessageContaining(message);
    }

    @Test
    void theDefaultValuesAloneLackOnlyTheBootstrapServers() {
        assertThatThrownBy(() -> Chart.render(Map.of()))
                .hasMessageContaining("kafka.bootstrapServers is required")
                .satisfies(e -> assertThat(e.getMessage().lines().filter(l -> l.strip().startsWith("- ")).count())
                        .as("one complaint only: %s", e.getMessage()).isEqualTo(1));
    }

    @Test
    void everyProblemIsReportedAtOnce() {
        assertThatThrownBy(() -> Chart.render(Map.of("services.orders.replicaCount", "0",
                "services.session.kind", "Deployment", "kafka.securityProtocol", "SASL")))
                .hasMessageContaining("kafka.bootstrapServers is required")
                .hasMessageContaining("services.orders.replicaCount must be at least 1")
                .hasMessageContaining("services.session.staticMembership needs kind StatefulSet")
                .hasMessageContaining("kafka.securityProtocol must be one of PLAINTEXT, SSL, SASL_PLAINTEXT, SASL_SSL");
    }
}
