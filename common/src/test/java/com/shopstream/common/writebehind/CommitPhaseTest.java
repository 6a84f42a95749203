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
    void aCommitIsAskedForInTheFirstHalfOfAnIntervalOnceAndMovesNotTheThreadsOwn() {
        phase.committed(1_000);

        assertThat(phase.commitSoon(1_010)).isTrue();
        assertThat(phase.commitSoon(1_020)).as("asked once since the thread's own commit").isFalse();
        phase.committed(1_012);   // the asked one
        assertThat(phase.writeNow(1_094)).isFalse();
        assertThat(phase.writeNow(1_095)).as("still due from the thread's own, at 1,100").isTrue();

        phase.committed(1_101);
        assertThat(phase.commitSoon(1_150)).as("asked again after the thread's next commit").isTrue();
    }

    @Test
    void notInTheSecondHalfOfAnInterval() {
        phase.committed(1_000);

        assertThat(phase.commitSoon(1_050)).as("half an interval on: the thread's own is as near").isFalse();
    }

    @Test
    void aCommitAnotherProcessorAskedForMovesNothingAndCountsAsTheOneOfTheInterval() {
        phase.committed(1_000);
        phase.committed(1_074);   // asked for by another processor of the thread
        assertThat(phase.writeNow(1_094)).isFalse();
        assertThat(phase.writeNow(1_095)).as("still due from 1,000").isTrue();

        phase.committed(1_100);
        phase.committed(1_120);   // another's again
        assertThat(phase.commitSoon(1_130)).as("one asked commit per interval, whoever asked").isFalse();
    }

    @Test
    void aCommitThreeQuartersOfAnIntervalOnIsTheThreadsOwn() {
        phase.committed(1_000);
        phase.committed(1_075);   // its own, seen on a clock read a little late for the one before

        assertThat(phase.writeNow(1_169)).isFalse();
        assertThat(phase.writeNow(1_170)).as("due from 1,075").isTrue();
    }

    @Test
    void noCommitIsAskedForWhileTheCommitsAreNotKnown() {
        assertThat(phase.commitSoon(1_000)).as("none seen").isFalse();

        phase.committed(1_000);
        assertThat(phase.commitSoon(990)).as("the clock went back").isFalse();
    }

    @Test
    void anAskedCommitSeenFirstIsSetRightByTheThreadsCommitAfterItsNext() {
        phase.committed(1_030);   // asked for: the thread's own was at 1,000, unseen
        phase.committed(1_100);   // the thread's next, taken for an asked one

        phase.committed(1_201);
        assertThat(phase.writeNow(1_295)).isFalse();
        assertThat(phase.writeNow(1_296)).isTrue();
    }

    @Test
    void intervalsAreRequiredPositive() {
        assertThatThrownBy(() -> new CommitPhase(100, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the commit interval and the tick must be positive: 100, 0");
    }
}
