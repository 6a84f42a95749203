package com.shopstream.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * docker-compose.yml's topic-init and the chart's topic Job apply local-kafka's timestamp rule, written out in
 * {@link Repo#keepsProducerTimestamp}, without depending on local-kafka. This fails when local-kafka's rule changes,
 * so that compose, the chart and Repo#keepsProducerTimestamp follow it.
 */
class ContractTopicsRuleTest {

    @Test
    void localKafkasRuleIsTheOneTheDeploymentFilesApply() {
        String source = Repo.read(Repo.path("local-kafka", "src", "main", "java", "com", "shopstream", "localkafka",
                "ContractTopics.java"));
        assertThat(source.replaceAll("\\s+", " "))
                .contains("boolean keepsProducerTimestamp = topic.equals(\"orders\") || topic.equals(\"payments-raw\") || topic.endsWith(\"-dlq\");")
                .contains("keepsProducerTimestamp ? Map.of() : Map.of(TopicConfig.MESSAGE_TIMESTAMP_TYPE_CONFIG, \"LogAppendTime\")");
        assertThat(Repo.contractTopics()).hasSize(23).contains("orders", "payments");
        assertThat(Repo.contractTopics().stream().filter(Repo::keepsProducerTimestamp))
                .containsExactlyInAnyOrder("orders", "payments-raw", "orders-service-dlq", "session-service-dlq",
                        "join-service-dlq", "dedup-service-dlq", "payments-service-dlq");
    }
}
