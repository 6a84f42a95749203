package com.shopstream.benchmarks.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlainWritesTopologyTest {

    private static final String CHANGELOG = "plain-writes-test-baseline-writes-kept-changelog";
    private static final BaselineTopics TOPICS = new BaselineTopics("orders", "payments", "payments-raw", "plain-");

    @TempDir
    Path stateDir;

    @Test
    void keepCopyPutsEachOrdersTimestampUnderItsKeyAndWritesTheOrderOutAsItCame() {
        try (TopologyTestDriver driver = driver(PlainQuery.KEEP_COPY)) {
            TestInputTopic<String, String> orders = orders(driver);
            TestOutputTopic<String, String> out = driver.createOutputTopic("plain-orders-kept-copy",
                    new StringDeserializer(), new StringDeserializer());

            orders.pipeInput("1", "not even JSON", 1_000L);
            orders.pipeInput("2", "{\"order_id\":2}", 2_000L);
            orders.pipeInput("1", "again", 3_000L);

            assertThat(out.readKeyValuesToList()).containsExactly(KeyValue.pair("1", "not even JSON"),
                    KeyValue.pair("2", "{\"order_id\":2}"), KeyValue.pair("1", "again"));
            assertThat(kept(driver, "1")).isEqualTo(3_000L);
            assertThat(kept(driver, "2")).isEqualTo(2_000L);
            assertThat(driver.producedTopicNames()).containsExactlyInAnyOrder(CHANGELOG, "plain-orders-kept-copy");
        }
    }

    @Test
    void keepPutsEachOrderAndWritesNothingOut() {
        try (TopologyTestDriver driver = driver(PlainQuery.KEEP)) {
            orders(driver).pipeInput("7", "{\"order_id\":7}", 5_000L);

            assertThat(kept(driver, "7")).isEqualTo(5_000L);
            assertThat(driver.producedTopicNames()).as("only the store's changelog").containsExactly(CHANGELOG);
            assertThat(PlainQuery.KEEP.outputs("plain-")).isEmpty();
        }
    }

    private TopologyTestDriver driver(PlainQuery query) {
        Properties props = BaselineApp.properties("unused:9092", "plain-writes-test", stateDir.toString(), List.of());
        return new TopologyTestDriver(query.build(TOPICS, props), props);
    }

    private static TestInputTopic<String, String> orders(TopologyTestDriver driver) {
        return driver.createInputTopic("orders", new StringSerializer(), new StringSerializer());
    }

    private static long kept(TopologyTestDriver driver, String key) {
        KeyValueStore<byte[], byte[]> store = driver.getKeyValueStore(PlainWritesTopology.STORE);
        return ByteBuffer.wrap(store.get(key.getBytes(StandardCharsets.UTF_8))).getLong();
    }
}
