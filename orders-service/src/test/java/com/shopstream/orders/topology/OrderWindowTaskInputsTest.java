package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.TestStreams;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * Each task of the orders topology reads one partition: every sub-topology has one source topic. That is why
 * {@code orders-service.yml} sets {@code max.task.idle.ms=-1}: Kafka Streams' wait for a task's other partitions (to
 * process them in timestamp order) never applies, and its per-record check is skipped. A second source topic in a
 * sub-topology must fail here first, and the setting be thought over.
 */
class OrderWindowTaskInputsTest {

    @Test
    void everySubTopologyReadsOneTopic() {
        Duration five = Duration.ofMinutes(5);
        List<WindowQuery> queries = new ArrayList<>(OrderWindowConfigs.defaults().queries());
        queries.add(new WindowQuery("per-customer", five, five, Duration.ofMinutes(3), GroupBy.CUSTOMER_ID, "updates",
                "finals", null));
        TopologyDescription description = OrderWindowTopology.build(TestStreams.forDriver("inputs").builder(),
                OrderWindowConfigs.of(TestStreams.topics(), queries)).describe();

        assertThat(description.subtopologies()).hasSize(3).allSatisfy(subtopology ->
                assertThat(sourceTopics(subtopology)).as("sub-topology %d", subtopology.id()).hasSize(1));
    }

    /** The service's configuration file, bound as Spring Boot binds it into the Kafka Streams properties. */
    @Test
    void theServiceDoesNotWaitForATasksOtherPartitions() throws Exception {
        List<PropertySource<?>> file = new YamlPropertySourceLoader().load("orders-service.yml",
                new ClassPathResource("orders-service.yml"));
        KafkaProperties kafka = new Binder(ConfigurationPropertySources.from(file))
                .bindOrCreate("spring.kafka", KafkaProperties.class);

        assertThat(kafka.buildStreamsProperties()).containsEntry("max.task.idle.ms", "-1");
    }

    private static Set<String> sourceTopics(TopologyDescription.Subtopology subtopology) {
        Set<String> topics = new TreeSet<>();
        for (TopologyDescription.Node node : subtopology.nodes()) {
            if (node instanceof TopologyDescription.Source source) {
                topics.addAll(source.topicSet());
            }
        }
        return topics;
    }
}
