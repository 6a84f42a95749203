package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.TestStreams;
import java.util.TreeSet;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.Test;

/**
 * Pins the names of state stores and internal topics: renaming one orphans its state (and its changelog) in a
 * running deployment, so a rename must fail here first and be done on purpose, with a migration note.
 */
class OrderWindowNamingTest {

    @Test
    void storesAndInternalTopicsKeepTheirNames() {
        TopologyDescription description = OrderWindowTopology.build(TestStreams.forDriver("naming").builder(),
                OrderWindowConfigs.contract(TestStreams.topics())).describe();

        TreeSet<String> stores = new TreeSet<>();
        TreeSet<String> topics = new TreeSet<>();
        for (TopologyDescription.Subtopology subtopology : description.subtopologies()) {
            for (TopologyDescription.Node node : subtopology.nodes()) {
                if (node instanceof TopologyDescription.Processor processor) {
                    stores.addAll(processor.stores());
                } else if (node instanceof TopologyDescription.Source source) {
                    topics.addAll(source.topicSet());
                } else if (node instanceof TopologyDescription.Sink sink) {
                    topics.add(sink.topic());
                }
            }
        }

        assertThat(stores).containsExactly(
                "orders-by-all-watermarks",
                "orders-per-10m-every-5m-store",
                "orders-per-5m-store",
                "orders-watermarks");
        assertThat(topics).containsExactly(
                "orders",
                "orders-by-all-repartition",
                "orders-per-10m-every-5m",
                "orders-per-10m-every-5m-final",
                "orders-per-5m",
                "orders-per-5m-final",
                "orders-service-late");
    }
}
