package com.shopstream.common.streams;

import java.util.SortedSet;
import java.util.TreeSet;
import org.apache.kafka.streams.TopologyDescription;

/** The names a topology gives its persistent parts, read from its description: what naming tests pin. */
public final class TopologyNames {

    private TopologyNames() {
    }

    /** Every state store a processor of the topology uses. */
    public static SortedSet<String> stores(TopologyDescription description) {
        SortedSet<String> stores = new TreeSet<>();
        description.subtopologies().forEach(subtopology -> subtopology.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Processor processor) {
                stores.addAll(processor.stores());
            }
        }));
        return stores;
    }

    /** Every topic the topology reads or writes, its repartition topics included. */
    public static SortedSet<String> topics(TopologyDescription description) {
        SortedSet<String> topics = new TreeSet<>();
        description.subtopologies().forEach(subtopology -> subtopology.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Source source) {
                topics.addAll(source.topicSet());
            } else if (node instanceof TopologyDescription.Sink sink && sink.topic() != null) {
                topics.add(sink.topic());
            }
        }));
        return topics;
    }
}
