package com.shopstream.benchmarks.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.errors.TopologyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PlainTopologiesTest {

    private static final BaselineTopics TOPICS = new BaselineTopics("orders", "payments", "payments-raw", "plain-");

    /** Built with ENSURE_EXPLICIT_INTERNAL_RESOURCE_NAMING on, as BaselineApp runs them: an unnamed one throws. */
    private static TopologyDescription describe(PlainQuery query) {
        Properties props = BaselineApp.properties("unused:9092", "plain-test", "/tmp/unused", List.of());
        Topology topology = query.build(TOPICS, props);
        return topology.describe();
    }

    @ParameterizedTest
    @EnumSource(PlainQuery.class)
    void everyProcessorStoreAndTopicIsNamed(PlainQuery query) {
        TopologyDescription description = describe(query);
        Set<String> names = new TreeSet<>();
        for (TopologyDescription.Subtopology sub : description.subtopologies()) {
            for (TopologyDescription.Node node : sub.nodes()) {
                names.add(node.name());
                if (node instanceof TopologyDescription.Processor processor) {
                    names.addAll(processor.stores());
                } else if (node instanceof TopologyDescription.Source source) {
                    names.addAll(source.topicSet());
                } else if (node instanceof TopologyDescription.Sink sink) {
                    names.add(sink.topic());
                }
            }
        }
        assertThat(names).isNotEmpty().noneMatch(name -> name.startsWith("KSTREAM-") || name.startsWith("KTABLE-"));
    }

    @Test
    void theNamingCheckIsOnWhereTheBaselinesAreBuilt() {
        Properties props = BaselineApp.properties("unused:9092", "plain-test", "/tmp/unused", List.of());
        StreamsBuilder builder = PlainQuery.builder(props);
        builder.stream("orders").groupByKey().count();

        assertThatThrownBy(builder::build).isInstanceOf(TopologyException.class)
                .hasMessageContaining("has not been named");
    }

    @Test
    void theBaselinesKeepTheirStateInTheNamedStores() {
        assertThat(stores(PlainQuery.WINDOW)).containsExactlyInAnyOrder("baseline-per-5m-store",
                "baseline-final-buffer-store");
        assertThat(stores(PlainQuery.SESSIONS)).containsExactlyInAnyOrder("baseline-sessions-store",
                "baseline-sessions-final-buffer-store", "baseline-streaks-store");
        assertThat(stores(PlainQuery.JOIN)).containsExactlyInAnyOrder(
                "baseline-paid-join-store-this-join-store", "baseline-paid-join-store-other-join-store",
                "baseline-status-join-store-this-join-store", "baseline-status-join-store-outer-other-join-store",
                "baseline-status-join-store-left-shared-join-store");
        assertThat(stores(PlainQuery.DEDUP)).containsExactly("baseline-dedup-seen");
        assertThat(stores(PlainQuery.PAYMENTS)).isEmpty();
        assertThat(stores(PlainQuery.READ)).isEmpty();
        assertThat(stores(PlainQuery.KEEP)).containsExactly("baseline-writes-kept");
        assertThat(stores(PlainQuery.KEEP_COPY)).containsExactly("baseline-writes-kept");
        assertThat(PlainQuery.of("keep-copy")).isEqualTo(PlainQuery.KEEP_COPY);
    }

    @Test
    void theFloorReadsOnlyTheOrdersAndWritesNothing() {
        List<TopologyDescription.Node> nodes = new ArrayList<>();
        describe(PlainQuery.READ).subtopologies().forEach(sub -> nodes.addAll(sub.nodes()));

        assertThat(nodes).filteredOn(TopologyDescription.Source.class::isInstance).singleElement()
                .satisfies(source -> assertThat(((TopologyDescription.Source) source).topicSet())
                        .containsExactly(TOPICS.orders()));
        assertThat(nodes).noneMatch(TopologyDescription.Sink.class::isInstance);
        assertThat(PlainQuery.READ.outputs("plain-")).isEmpty();
        assertThat(PlainQuery.of("read")).isEqualTo(PlainQuery.READ);
    }

    @Test
    void theSessionsBaselineRepartitionsByCustomerThroughANamedTopic() {
        Set<String> topics = new TreeSet<>();
        describe(PlainQuery.SESSIONS).subtopologies().forEach(sub -> sub.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Sink sink) {
                topics.add(sink.topic());
            }
        }));
        assertThat(topics).containsExactlyInAnyOrder("baseline-orders-by-customer-repartition",
                "plain-customer-sessions", "plain-customer-sessions-final", "plain-customer-streaks");
    }

    private static Set<String> stores(PlainQuery query) {
        Set<String> stores = new TreeSet<>();
        describe(query).subtopologies().forEach(sub -> sub.nodes().forEach(node -> {
            if (node instanceof TopologyDescription.Processor processor) {
                stores.addAll(processor.stores());
            }
        }));
        return stores;
    }
}
