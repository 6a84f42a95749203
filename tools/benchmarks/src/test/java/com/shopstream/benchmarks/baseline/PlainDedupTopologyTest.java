package com.shopstream.benchmarks.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

class PlainDedupTopologyTest {

    private static final Instant T0 = Instant.parse("2026-01-22T10:00:00Z");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path stateDir;

    @Test
    void theFirstCopyOfAPairPassesLaterCopiesAreDroppedAndAPairIsForgottenThreeMinutesBehindStreamTime() {
        Properties props = BaselineApp.properties("unused:9092", "plain-dedup-test", stateDir.toString(), List.of());
        BaselineTopics topics = new BaselineTopics("orders", "payments", "payments-raw", "plain-");
        try (TopologyTestDriver driver = new TopologyTestDriver(PlainQuery.DEDUP.build(topics, props), props)) {
            TestInputTopic<String, String> orders =
                    driver.createInputTopic("orders", new StringSerializer(), new StringSerializer());
            TestOutputTopic<String, String> out =
                    driver.createOutputTopic("plain-orders-deduped", new StringDeserializer(), new StringDeserializer());

            send(orders, 1, T0);                                  // first copy: passes
            send(orders, 1, T0);                                  // duplicate: dropped
            send(orders, 3, T0.plusSeconds(1));                   // passes
            send(orders, 2, T0.plus(Duration.ofMinutes(3)).plusSeconds(1)); // passes; stream time T0 + 3 min 1 s
            send(orders, 3, T0.plusSeconds(1));                   // exactly 3 min behind: still known, dropped
            send(orders, 1, T0);                                  // more than 3 min behind: evicted, passes again

            assertThat(out.readKeyValuesToList()).extracting(kv -> kv.key + "@" + orderTs(kv.value))
                    .containsExactly("1@" + T0, "3@" + T0.plusSeconds(1),
                            "2@" + T0.plus(Duration.ofMinutes(3)).plusSeconds(1), "1@" + T0);
        }
    }

    private static void send(TestInputTopic<String, String> orders, long orderId, Instant orderTs) {
        orders.pipeInput(Long.toString(orderId), "{\"order_id\":" + orderId + ",\"customer_id\":7,\"amount\":12.50,"
                + "\"order_ts\":\"" + orderTs + "\"}");
    }

    private static Instant orderTs(String json) {
        return Instant.parse(JSON.readTree(json).get("order_ts").asString());
    }
}
