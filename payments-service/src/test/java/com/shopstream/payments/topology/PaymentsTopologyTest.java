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
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class PaymentsTopologyTest {

    @AutoClose
    private StreamsHarness harness;

    @BeforeEach
    void start() {
        TestStreams streams = TestStreams.forDriver("payments-service");
        harness = new StreamsHarness(PaymentsTopology.build(streams.builder(),
                PaymentsConfigs.defaults()), streams);
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
    void aRetriedPaymentReachesPaymentsOnceAndOtherContentUnderItsIdIsADeadLetter() {
        harness.pipe("payments-raw", "pay-7", payment("pay-7", 110, "12.50", "2026-01-22T10:03:00Z"));
        // the same payment, written differently: a provider's retry
        harness.pipe("payments-raw", "pay-7", "{\"paid_ts\":\"2026-01-22T11:03:00+01:00\",\"amount\":12.5,"
                + "\"order_id\":110,\"payment_id\":\"pay-7\",\"note\":\"retry\"}");
        harness.pipe("payments-raw", "pay-7", payment("pay-7", 110, "99.00", "2026-01-22T10:03:00Z"));
        harness.pipe("payments-raw", "pay-8", payment("pay-8", 111, "8.00", "2026-01-22T10:04:00Z"));

        assertThat(harness.records("payments")).extracting(r -> r.key() + " " + r.value()).containsExactly(
                "110 " + payment("pay-7", 110, "12.50", "2026-01-22T10:03:00Z"),
                "111 " + payment("pay-8", 111, "8.00", "2026-01-22T10:04:00Z"));
        assertThat(harness.deadLetters()).singleElement().satisfies(letter -> assertThat(
                header(letter, DeadLetterHeaders.REASON)).isEqualTo("payment_id pay-7 was accepted before with "
                + "other content (within PT24H)"));
    }

    @Test
    void aPaymentIdIsKeptForTheIdempotencyWindowOfItsPartitionsClockAndNoLonger() {
        harness.pipe("payments-raw", "pay-9", payment("pay-9", 112, "9.00", "2026-01-22T10:00:00Z"));
        harness.pipe("payments-raw", "other", payment("pay-10", 113, "1.00", "2026-01-23T09:59:00Z"));
        harness.pipe("payments-raw", "pay-9", payment("pay-9", 112, "9.00", "2026-01-22T10:00:00Z"));
        harness.pipe("payments-raw", "other", payment("pay-11", 114, "1.00", "2026-01-24T12:00:00Z"));
        harness.pipe("payments-raw", "pay-9", payment("pay-9", 112, "9.00", "2026-01-22T10:00:00Z"));

        assertThat(harness.records("payments")).extracting(r -> r.key())
                .as("within 24 h of the partition's clock the repeat is dropped; two days later it is new")
                .containsExactly("112", "113", "114", "112");
    }

    @Test
    void anOldPaymentsIdIsKeptToo() {
        harness.pipe("payments-raw", "other", payment("pay-20", 120, "1.00", "2026-01-25T10:00:00Z"));
        // two days behind its partition's clock: still a payment, and still once
        harness.pipe("payments-raw", "pay-21", payment("pay-21", 121, "2.00", "2026-01-23T10:00:00Z"));
        harness.pipe("payments-raw", "pay-21", payment("pay-21", 121, "2.00", "2026-01-23T10:00:00Z"));

        assertThat(harness.records("payments")).extracting(r -> r.key()).containsExactly("120", "121");
    }

    private static String payment(String id, long orderId, String amount, String paidTs) {
        return "{\"payment_id\":\"" + id + "\",\"order_id\":" + orderId + ",\"amount\":" + amount
                + ",\"paid_ts\":\"" + paidTs + "\"}";
    }

    @Test
    void writesNoInternalTopicAndNamesItsStore() {
        TopologyDescription description = PaymentsTopology.build(TestStreams.forDriver("names").builder(),
                PaymentsConfigs.defaults()).describe();
        assertThat(TopologyNames.topics(description)).containsExactly("payments", "payments-raw");
        assertThat(TopologyNames.stores(description))
                .containsExactlyInAnyOrder("payments-edge-watermarks", "payments-edge-watermarks-before-commit",
                        "payments-edge-ids");
    }
}
