package com.shopstream.join.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

/** When a late order explains an unmatched payment, rule by rule. */
class ReconciliationRuleTest {

    private static final long BOUND = 300_000;
    private final ReconciliationRule rule = new ReconciliationRule(BOUND);

    @Test
    void anOrderRefusedBeforeItsPartitionsWatermarkPassedThePaymentExplainsIt() {
        assertThat(rule.explains(at("10:07:00"), at("10:08:00"))).isTrue();
        assertThat(rule.explains(at("10:08:00"), at("10:08:00"))).as("the watermark at the payment").isTrue();
    }

    @Test
    void anOrderRefusedAfterItsPartitionsWatermarkPassedThePaymentDoesNot() {
        // the query's watermark may have passed the payment before this order came, or not: it depends on the
        // other partitions' speed, so it never counts
        assertThat(rule.explains(at("10:07:00"), at("10:06:59.999"))).isFalse();
    }

    @Test
    void aLateOrderIsKeptWhileAPaymentItCouldExplainMayStillBeFoundUnmatched() {
        long orderTs = at("10:04:00");   // explains payments up to 10:09
        assertThat(rule.explainsAny(orderTs, at("10:07:00"), Long.MIN_VALUE)).as("no watermark yet").isTrue();
        assertThat(rule.explainsAny(orderTs, at("10:07:00"), at("10:09:00"))).as("a payment at 10:09 still waits")
                .isTrue();
        assertThat(rule.explainsAny(orderTs, at("10:07:00"), at("10:09:00.001")))
                .as("every payment in its bound is judged").isFalse();
        assertThat(rule.explainsAny(orderTs, at("10:09:00"), at("10:05:00"))).as("refused at the bound's end")
                .isTrue();
        assertThat(rule.explainsAny(orderTs, at("10:09:00.001"), at("10:05:00")))
                .as("refused past its bound: it explains no payment").isFalse();
    }

    private static long at(String time) {
        return Instant.parse("2026-01-22T" + time + "Z").toEpochMilli();
    }
}
