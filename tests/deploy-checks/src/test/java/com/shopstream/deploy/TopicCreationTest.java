package com.shopstream.deploy;

import static com.shopstream.deploy.Chart.Manifest.container;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.shopstream.deploy.FakeKafkaTopics.Created;
import com.shopstream.deploy.FakeKafkaTopics.Run;
import com.shopstream.localkafka.ContractTopics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three ways a user gets the contract's topics (local-kafka, docker-compose's topic-init, the chart's topic Job)
 * create the same topics with the same partitions and configs: create-topics.sh runs with the environment compose
 * and the rendered chart give it, against a stand-in kafka-topics.sh, and what it creates is compared with what
 * local-kafka's ContractTopics creates on an empty cluster. All three read helm/shopstream/files/contract-topics.txt.
 */
class TopicCreationTest {

    @BeforeAll
    static void bash() {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "bash is needed to run the script");
    }

    /** What local-kafka creates with {@code partitions}, with {@code extraConfigs} added to each topic. */
    private static List<Created> localKafka(int partitions, Map<String, String> extraConfigs) {
        return ContractTopics.toCreate(partitions).stream().map(topic -> {
            Map<String, String> configs = new HashMap<>(topic.configs());
            configs.putAll(extraConfigs);
            return new Created(topic.name(), topic.numPartitions(), configs);
        }).toList();
    }

    @Test
    void composeCreatesWhatLocalKafkaCreates(@TempDir Path dir) throws Exception {
        Map<String, Object> init = Yamls.mapAt(Yamls.map(Yamls.load(Repo.read(Repo.path("docker-compose.yml")))),
                "services.topic-init");
        Map<String, String> env = new HashMap<>();
        Yamls.map(init.get("environment")).forEach((name, value) -> env.put(name, String.valueOf(value)));
        // the container's paths are the mounted files of the repository
        for (Object volume : Yamls.list(init.get("volumes"))) {
            String[] mount = String.valueOf(volume).split(":");
            env.replaceAll((name, value) -> value.equals(mount[1]) ? Repo.path(mount[0].substring(2)).toString() : value);
        }
        assertThat(env.get("TOPICS_FILE")).isEqualTo(FakeKafkaTopics.CONTRACT_TOPICS.toString());

        FakeKafkaTopics kafka = new FakeKafkaTopics(dir);
        Run run = kafka.createTopics(env);

        assertThat(run.exit()).as(run.output()).isZero();
        assertThat(kafka.created()).containsExactlyElementsOf(localKafka(3, Map.of()));
    }

    @Test
    void theChartsJobCreatesWhatLocalKafkaCreatesWithTheValuesAdded(@TempDir Path dir) throws Exception {
        Map<String, Object> job = Chart.render(Map.of("topics.hook", "false"), Chart.PRODUCTION).ofKind("Job").get(0);

        FakeKafkaTopics kafka = new FakeKafkaTopics(dir);
        Run run = kafka.createTopics(literalEnv(container(job)));

        assertThat(run.exit()).as(run.output()).isZero();
        // values-production.yaml: 12 partitions everywhere, min.insync.replicas=2 on every topic
        assertThat(kafka.created()).containsExactlyElementsOf(localKafka(12, Map.of("min.insync.replicas", "2")));
    }

    @Test
    void theChartsPartitionsByTopicOverrideTheDefaultOfOneTopic(@TempDir Path dir) throws Exception {
        Map<String, Object> job = Chart.render(Map.of("kafka.bootstrapServers", Chart.BOOTSTRAP, "topics.enabled", "true",
                "topics.hook", "false", "topics.partitionsByTopic.customer-streaks", "1")).ofKind("Job").get(0);

        FakeKafkaTopics kafka = new FakeKafkaTopics(dir);
        Run run = kafka.createTopics(literalEnv(container(job)));

        assertThat(run.exit()).as(run.output()).isZero();
        List<Created> expected = localKafka(6, Map.of()).stream()
                .map(t -> t.name().equals("customer-streaks") ? new Created(t.name(), 1, t.configs()) : t).toList();
        assertThat(kafka.created()).containsExactlyElementsOf(expected);
    }

    /** The container's env entries with a literal value (those from Secrets are left out). */
    private static Map<String, String> literalEnv(Map<String, Object> container) {
        Map<String, String> env = new HashMap<>();
        for (Map<String, Object> entry : Yamls.maps(container.get("env"))) {
            if (entry.get("value") != null) {
                env.put(String.valueOf(entry.get("name")), String.valueOf(entry.get("value")));
            }
        }
        return env;
    }
}
