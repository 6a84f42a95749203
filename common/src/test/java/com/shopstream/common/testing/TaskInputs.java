package com.shopstream.common.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.TopologyDescription;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * What a service that sets {@code max.task.idle.ms=-1} relies on: each task of its topology reads one partition
 * (every sub-topology has one source topic), so Kafka Streams' wait for a task's other partitions, to process them in
 * timestamp order, never applies, and the setting only skips its check before each record. A second source topic in
 * a sub-topology fails here, and the setting must be thought over.
 */
public final class TaskInputs {

    private TaskInputs() {
    }

    public static void assertEveryTaskReadsOneTopic(TopologyDescription topology) {
        assertThat(topology.subtopologies()).isNotEmpty().allSatisfy(subtopology ->
                assertThat(sourceTopics(subtopology)).as("sub-topology %d", subtopology.id()).hasSize(1));
    }

    /** The Kafka Streams properties a service's configuration file gives, bound as Spring Boot binds them. */
    public static Map<String, Object> streamsProperties(String classpathYaml) {
        try {
            List<PropertySource<?>> file = new YamlPropertySourceLoader().load(classpathYaml,
                    new ClassPathResource(classpathYaml));
            return new Binder(ConfigurationPropertySources.from(file))
                    .bindOrCreate("spring.kafka", KafkaProperties.class).buildStreamsProperties();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
