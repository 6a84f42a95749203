package com.shopstream.payments.topology;

import static com.shopstream.common.testing.GoldenAssertions.assertFinal;
import static com.shopstream.common.testing.RecordingDeadLetterPublisher.header;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.errors.DeadLetterHeaders;
import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopExpectations.Checkpoint;
import com.shopstream.scenario.ShopExpectations;
import com.shopstream.scenario.ShopScenario;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PaymentsTopologyTest {

    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("payments-service");
        harness = new StreamsHarness(PaymentsTopology.build(streams.builder(),
                PaymentsConfigs.defaults()), streams);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    @Test
    void theShopScenariosPaymentsComeOutKeyedByOrderId() {
        ShopScenario scenario = ShopScenario.shop();
        int fed = 0;
        for (Checkpoint checkpoint : ShopExpectations.shop().checkpoints()) {
            for (ScenarioEvent event : scenario.upTo(checkpoint.afterSeq())) {
                if (event.seq() > fed && event.isPayment()) {
                    harness.pipe(event, "orders", "payments-raw");   // keyed by payment id, as providers do
                }
            }
            fed = checkpoint.afterSeq();

            assertFinal(checkpoint, "payments", harness.records("payments"));
        }
    }

    @Test
    void aPaymentWithoutOrderIdIsADeadLetter() {
        harness.pipe("payments-raw", "pay-1", "{\"payment_id\":\"pay-1\",\"amount\":1,\"paid_ts\":\"2026-01-22T10:00:00Z\"}");
        harness.pipe("payments-raw", null, "{\"payment_id\":\"pay-2\",\"order_id\":2,\"amount\":1,"
                + "\"paid_ts\":\"2026-01-22T10:00:00Z\"}");

        assertThat(harness.deadLetters()).hasSize(1);
        assertThat(header(harness.deadLetters().get(0), DeadLetterHeaders.REASON)).isEqualTo("order_id missing");
        assertThat(header(harness.deadLetters().get(0), DeadLetterHeaders.SOURCE_TOPIC)).isEqualTo("payments-raw");
        // a provider may send without a key: the payment is keyed by its order all the same
        assertThat(harness.records("payments")).extracting(r -> r.key()).containsExactly("2");
    }

    @Test
    void writesNoInternalTopicAndNamesItsStore() {
        TopologyDescription description = PaymentsTopology.build(TestStreams.forDriver("names").builder(),
                PaymentsConfigs.defaults()).describe();
        assertThat(TopologyNames.topics(description)).containsExactly("payments", "payments-raw");
        assertThat(TopologyNames.stores(description)).containsExactly("payments-edge-watermarks");
    }
}
