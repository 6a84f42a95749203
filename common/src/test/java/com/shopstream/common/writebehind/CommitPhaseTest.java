package com.shopstream.common.writebehind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The rule of when held writes go, rule by rule: a commit interval of 100 ms, asked every 5 ms. */
class CommitPhaseTest {

    private final CommitPhase phase = new CommitPhase(100, 5);

    @Test
    void afterACommitWhatIsHeldGoesAtEachAskFromATickBeforeTheNextUntilItIsSeen() {
        phase.committed(1_000);

        assertThat(phase.writeNow(1_001)).isFalse();
        assertThat(phase.writeNow(1_094)).isFalse();
        assertThat(phase.writeNow(1_095)).as("the commit is due at 1,100").isTrue();
        assertThat(phase.writeNow(1_100)).as("not seen yet: what came since goes too").isTrue();

        phase.committed(1_103);
        assertThat(phase.writeNow(1_105)).isFalse();
        assertThat(phase.writeNow(1_197)).isFalse();
        assertThat(phase.writeNow(1_198)).isTrue();
    }

    @Test
    void beforeAnyCommitWasSeenItIsATimerOfOneIntervalFromTheFirstAsk() {
        assertThat(phase.writeNow(1_000)).isFalse();
        assertThat(phase.writeNow(1_099)).isFalse();
        assertThat(phase.writeNow(1_100)).isTrue();
        assertThat(phase.writeNow(1_150)).isFalse();
        assertThat(phase.writeNow(1_200)).isTrue();
    }

    @Test
    void withoutACommitSeenForTwoIntervalsItIsATimerAgain() {
        phase.committed(1_000);
        assertThat(phase.writeNow(1_195)).isTrue();

        assertThat(phase.writeNow(1_200)).as("two intervals: the commits are not known").isFalse();
        assertThat(phase.writeNow(1_294)).isFalse();
        assertThat(phase.writeNow(1_295)).as("an interval after the last write").isTrue();

        phase.committed(1_300);
        assertThat(phase.writeNow(1_350)).as("known again").isFalse();
        assertThat(phase.writeNow(1_395)).isTrue();
    }

    @Test
    void aClockThatWentBackWritesAtOnce() {
        phase.committed(1_000);
        assertThat(phase.writeNow(1_095)).isTrue();

        assertThat(phase.writeNow(990)).isTrue();
        assertThat(phase.writeNow(995)).as("not at once again: a timer from the write at 990").isFalse();
    }

    @Test
    void intervalsAreRequiredPositive() {
        assertThatThrownBy(() -> new CommitPhase(100, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the commit interval and the tick must be positive: 100, 0");
    }
}
