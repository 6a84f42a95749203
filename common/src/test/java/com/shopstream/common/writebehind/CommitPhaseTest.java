package com.shopstream.common.writebehind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The rule of when held writes go, rule by rule: a commit interval of 100 ms, asked every 5 ms. */
class CommitPhaseTest {

    private final CommitPhase phase = new CommitPhase(100, 5, 200);

    @Test
    void beforeAnyCommitWasSeenWhatIsHeldGoesAtOnce() {
        assertThat(phase.writeNow(1_000)).isTrue();
    }

    @Test
    void afterACommitWhatIsHeldGoesAtTheFirstAskWithinATickOfTheNext() {
        phase.writeNow(900);
        phase.committed(1_000);

        assertThat(phase.writeNow(1_001)).isFalse();
        assertThat(phase.writeNow(1_094)).isFalse();
        assertThat(phase.writeNow(1_095)).as("the commit is due at 1,100").isTrue();

        phase.committed(1_103);
        assertThat(phase.writeNow(1_197)).isFalse();
        assertThat(phase.writeNow(1_198)).isTrue();
    }

    @Test
    void withoutACommitForAWholeIntervalItGoesAtEveryAsk() {
        phase.writeNow(900);
        phase.committed(1_000);
        phase.writeNow(1_095);

        // nothing changed, so the hook did not run at the commit: the last commit seen says nothing of the next
        assertThat(phase.writeNow(1_100)).isTrue();
        assertThat(phase.writeNow(1_105)).isTrue();
    }

    @Test
    void aClockThatWentBackWritesAtOnce() {
        phase.writeNow(900);
        phase.committed(1_000);

        assertThat(phase.writeNow(990)).isTrue();
    }

    @Test
    void theLongestWaitBoundsALongCommitInterval() {
        CommitPhase atLeastOnce = new CommitPhase(30_000, 50, 1_000);
        atLeastOnce.committed(0);
        assertThat(atLeastOnce.writeNow(10)).as("the first ask starts the wait").isFalse();

        assertThat(atLeastOnce.writeNow(1_009)).isFalse();
        assertThat(atLeastOnce.writeNow(1_010)).as("a second after the first ask").isTrue();
        assertThat(atLeastOnce.writeNow(1_500)).isFalse();
        assertThat(atLeastOnce.writeNow(2_010)).as("a second after the last write").isTrue();
    }

    @Test
    void aWriteAtAClockThatWentBackStartsTheWaitAgain() {
        CommitPhase atLeastOnce = new CommitPhase(30_000, 50, 1_000);
        atLeastOnce.committed(0);
        assertThat(atLeastOnce.writeNow(5_000)).isFalse();

        assertThat(atLeastOnce.writeNow(4_000)).isTrue();
        assertThat(atLeastOnce.writeNow(4_500)).as("counted from the write at 4,000").isFalse();
    }

    @Test
    void intervalsAreRequiredPositive() {
        assertThatThrownBy(() -> new CommitPhase(100, 0, 200)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the commit interval, tick and longest wait must be positive: 100, 0, 200");
    }
}
