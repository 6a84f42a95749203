package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Which orders may be combined after an idle declaration, rule by rule (times and offsets as plain numbers). */
class IdleRiskTest {

    @Test
    void withoutAnIdleDeclarationEveryOrderMayBeCombined() {
        IdleRisk risk = new IdleRisk();

        assertThat(risk.read(7, () -> 1_000)).isFalse();
        assertThat(risk.safe(7, 5)).isTrue();
    }

    @Test
    void anOrderBelowTheDeclaredEndOffsetMayBeInAFinalWindowAndSetsNoBound() {
        IdleRisk risk = new IdleRisk();
        assertThat(risk.declared(10)).isTrue();

        assertThat(risk.read(9, () -> 1_000)).isFalse();
        assertThat(risk.safe(9, 5_000)).isFalse();
        assertThat(risk.read(10, () -> 1_000)).as("the first order at the end offset takes the bound").isTrue();
        assertThat(risk.safe(11, 5_000)).isTrue();
    }

    @Test
    void theFirstOrderAtOrAfterTheEndOffsetTakesTheBoundAndOrdersEndingAtOrBeforeItCrossAsThemselves() {
        IdleRisk risk = new IdleRisk();
        risk.declared(10);
        risk.read(12, () -> 1_000);

        assertThat(risk.safe(12, 1_000)).isFalse();
        assertThat(risk.safe(12, 1_001)).isTrue();
        assertThat(risk.read(13, () -> 9_000)).as("only a new declaration takes another bound").isFalse();
        assertThat(risk.safe(13, 1_000)).isFalse();
    }

    @Test
    void theBoundOnlyGrowsAndALaterDeclarationTakesTheLaterEndOffset() {
        IdleRisk risk = new IdleRisk();
        risk.declared(10);
        risk.read(10, () -> 5_000);
        assertThat(risk.declared(20)).isTrue();
        assertThat(risk.declared(15)).as("a declaration never goes back").isFalse();

        assertThat(risk.read(21, () -> 3_000)).isTrue();
        assertThat(risk.safe(22, 4_000)).as("the earlier, larger bound stays").isFalse();
        assertThat(risk.safe(22, 5_001)).isTrue();
    }

    @Test
    void whatIsStoredIsWhatARestartFinds() {
        IdleRisk risk = new IdleRisk();
        risk.declared(10);
        IdleRisk pending = IdleRisk.of(risk.bytes());
        assertThat(pending.safe(5, Long.MAX_VALUE)).isFalse();
        pending.read(10, () -> 1_000);

        IdleRisk restarted = IdleRisk.of(pending.bytes());

        assertThat(restarted.safe(11, 1_000)).isFalse();
        assertThat(restarted.safe(11, 1_001)).isTrue();
        assertThat(IdleRisk.of(null).safe(0, 0)).isTrue();
    }
}
