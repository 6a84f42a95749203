package com.shopstream.common.writebehind;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;
import org.junit.jupiter.api.Test;

/**
 * The hook's contract. That Kafka Streams writes the signal down before each commit is pinned where the hook is used,
 * with TopologyTestDriver, which commits as a stream thread does: orders-service's and session-service's topology
 * tests read the stores the hooks write after every commit.
 */
class BeforeCommitTest {

    private final List<String> ran = new ArrayList<>();

    @Test
    void theHookRunsAtTheCommitAfterAChangeOnceAndNotAfterClose() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        BeforeCommit beforeCommit = BeforeCommit.of(context, "s", () -> ran.add("hook"));

        beforeCommit.changed();
        beforeCommit.changed();
        assertThat(ran).as("not before the commit").isEmpty();
        assertThat(beforeCommit.writesBehind()).isTrue();

        MockStores.commit(context, "s");
        assertThat(ran).containsExactly("hook");

        MockStores.commit(context, "s");
        assertThat(ran).as("nothing changed since the last commit").containsExactly("hook");

        beforeCommit.changed();
        beforeCommit.close();
        MockStores.commit(context, "s");
        assertThat(ran).as("closed: its task may be a standby now").containsExactly("hook");
    }

    @Test
    void aRevivedProcessorsHookRunsOnceTheOldOneClosed() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        BeforeCommit.of(context, "s", () -> ran.add("first")).close();
        BeforeCommit.of(context, "s", () -> ran.add("revived")).changed();

        MockStores.commit(context, "s");
        assertThat(ran).containsExactly("revived");
    }

    @Test
    void aSecondProcessorOnOneSignalStoreIsRefused() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        BeforeCommit.of(context, "s", () -> ran.add("first"));

        // it would leave the first one armed for ever, its changes never written
        assertThatThrownBy(() -> BeforeCommit.of(context, "s", () -> ran.add("second")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("runs another processor's hook already");
    }

    @Test
    void onThePlainPathTheHookRunsAtEachChange() {
        MockProcessorContext<Object, Object> context = context(false);
        BeforeCommit beforeCommit = BeforeCommit.of(context, "no signal store needed", () -> ran.add("hook"));

        beforeCommit.changed();
        beforeCommit.changed();
        assertThat(ran).containsExactly("hook", "hook");
        assertThat(beforeCommit.writesBehind()).isFalse();
    }

    @Test
    void heldWritesGoJustBeforeTheCommitThatFollowsTheLastOneSeen() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        BeforeCommit beforeCommit = writingBeforeCommit(context);
        MockProcessorContext.CapturedPunctuator tick = context.scheduledPunctuators().get(0);
        assertThat(tick.getInterval()).isEqualTo(Duration.ofMillis(5));
        assertThat(tick.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);

        beforeCommit.changed();
        context.setCurrentSystemTimeMs(1_000);
        MockStores.commit(context, "s");
        tick.getPunctuator().punctuate(1_050);
        assertThat(ran).as("half an interval after the commit").containsExactly("hook");

        tick.getPunctuator().punctuate(1_095);
        assertThat(ran).containsExactly("hook", "writes");

        // nothing changed since: the tick armed the signal, so the next commit is seen all the same
        context.setCurrentSystemTimeMs(1_100);
        MockStores.commit(context, "s");
        tick.getPunctuator().punctuate(1_150);
        assertThat(ran).containsExactly("hook", "writes", "hook");
        tick.getPunctuator().punctuate(1_195);
        assertThat(ran).containsExactly("hook", "writes", "hook", "writes");
    }

    @Test
    void whatShouldBeCommittedSoonIsWrittenAtTheNextTickWithACommitAskedFor() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        BeforeCommit beforeCommit = writingBeforeCommit(context);
        MockProcessorContext.CapturedPunctuator tick = context.scheduledPunctuators().get(0);
        tick.getPunctuator().punctuate(990);   // arms the signal: the commit is seen
        context.setCurrentSystemTimeMs(1_000);
        MockStores.commit(context, "s");

        beforeCommit.commitSoon();
        tick.getPunctuator().punctuate(1_010);
        assertThat(ran).containsExactly("hook", "writes");
        assertThat(context.committed()).isTrue();

        context.resetCommit();
        context.setCurrentSystemTimeMs(1_012);
        MockStores.commit(context, "s");   // the asked one
        beforeCommit.commitSoon();
        tick.getPunctuator().punctuate(1_020);
        assertThat(ran).as("one asked commit per interval").containsExactly("hook", "writes", "hook");
        assertThat(context.committed()).isFalse();
        tick.getPunctuator().punctuate(1_095);
        assertThat(ran).as("before the thread's own commit, as timed from its last")
                .containsExactly("hook", "writes", "hook", "writes");
        assertThat(context.committed()).isFalse();
    }

    @Test
    void aHookRunBecauseTheCacheWroteTheSignalDownAsItWasPutIsNoCommit() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.add(context, Stores.keyValueStoreBuilder(new CommitSignal.Supplier(BeforeCommit.signalName("s"),
                true), Serdes.Bytes(), Serdes.ByteArray()).withCachingDisabled().withLoggingDisabled());
        BeforeCommit beforeCommit = writingBeforeCommit(context);
        MockProcessorContext.CapturedPunctuator tick = context.scheduledPunctuators().get(0);

        context.setCurrentSystemTimeMs(1_000);
        beforeCommit.changed();
        assertThat(ran).containsExactly("hook");
        tick.getPunctuator().punctuate(1_095);
        tick.getPunctuator().punctuate(1_194);
        assertThat(ran).as("no commit seen, and the tick does not arm what would run the hook at once")
                .containsExactly("hook");

        tick.getPunctuator().punctuate(1_195);
        assertThat(ran).as("an interval after the first ask").containsExactly("hook", "writes");
    }

    @Test
    void writesAreScheduledOncePerInitAndAgainOnlyAfterClose() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        BeforeCommit beforeCommit = writingBeforeCommit(context);

        // a second punctuation would never be cancelled
        assertThatThrownBy(() -> beforeCommit.writeBeforeCommit(context, Duration.ofMillis(100), () -> { }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("writes before commit are scheduled already: one call per init");
        beforeCommit.close();
        writingBeforeCommit(context);   // the processor's init, once more
        assertThat(context.scheduledPunctuators()).extracting(MockProcessorContext.CapturedPunctuator::cancelled)
                .containsExactly(true, false);
    }

    @Test
    void closingStopsTheWritesItsInitScheduled() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.writtenBeforeCommit(context, "s", Serdes.String(), Serdes.String());
        BeforeCommit beforeCommit = writingBeforeCommit(context);

        beforeCommit.close();

        // a task initialized again schedules its own: the first one's would write at every tick, for ever
        assertThat(context.scheduledPunctuators().get(0).cancelled()).isTrue();
    }

    @Test
    void onThePlainPathHeldWritesGoEveryIntervalAndNoCommitIsAskedFor() {
        MockProcessorContext<Object, Object> context = context(false);
        BeforeCommit beforeCommit = writingBeforeCommit(context);
        MockProcessorContext.CapturedPunctuator timer = context.scheduledPunctuators().get(0);

        // the hook runs at each change there, so it tells nothing of the commits
        beforeCommit.changed();
        beforeCommit.commitSoon();
        timer.getPunctuator().punctuate(1_000);
        assertThat(timer.getInterval()).isEqualTo(Duration.ofMillis(100));
        assertThat(ran).as("the timer's writes, as ever").containsExactly("hook", "writes");
        assertThat(context.committed()).isFalse();
    }

    /**
     * The {@link BeforeCommit} of store {@code s} as a processor's {@code init} sets it up: its hook adds "hook" to
     * {@link #ran}, and its writes before each commit of a 100 ms interval add "writes".
     */
    private BeforeCommit writingBeforeCommit(MockProcessorContext<Object, Object> context) {
        BeforeCommit beforeCommit = BeforeCommit.of(context, "s", () -> ran.add("hook"));
        beforeCommit.writeBeforeCommit(context, Duration.ofMillis(100), () -> ran.add("writes"));
        return beforeCommit;
    }

    @Test
    void aStoreThatIsNoSignalStoreIsNamedInTheError() {
        MockProcessorContext<Object, Object> context = context(true);
        MockStores.keyValue(context, BeforeCommit.signalName("s"), Serdes.Bytes(), Serdes.ByteArray());

        assertThatThrownBy(() -> BeforeCommit.of(context, "s", () -> { }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("store s-before-commit cannot run this processor's hook");
    }

    @Test
    void theSignalStoreHoldsNothingHasNoChangelogAndTurnsTheStoresCacheOff() {
        @SuppressWarnings("unchecked")
        StoreBuilder<KeyValueStore<String, String>> store = mock(StoreBuilder.class);
        when(store.name()).thenReturn("s");

        StoreBuilder<KeyValueStore<Bytes, byte[]>> signal = BeforeCommit.signalStore(store);

        assertThat(signal.name()).isEqualTo("s-before-commit");
        assertThat(signal.loggingEnabled()).isFalse();
        assertThat(signal.build().persistent()).isFalse();
        // the rows the hook writes must not wait in a cache the commit has already written down
        verify(store).withCachingDisabled();
    }

    @Test
    void theSettingIsTrueOrFalse() {
        assertThat(BeforeCommit.writesBehind(Map.of())).isTrue();
        assertThat(BeforeCommit.writesBehind(Map.of(BeforeCommit.WRITE_BEHIND_CONFIG, " FALSE "))).isFalse();
        assertThat(BeforeCommit.writesBehind(Map.of(BeforeCommit.WRITE_BEHIND_CONFIG, false))).isFalse();
        assertThatThrownBy(() -> BeforeCommit.writesBehind(Map.of(BeforeCommit.WRITE_BEHIND_CONFIG, "no")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shopstream.write-behind must be true or false: no");
    }

    private static MockProcessorContext<Object, Object> context(boolean writesBehind) {
        return new MockProcessorContext<>(TestStreams.forDriver("before-commit-test")
                .with(BeforeCommit.WRITE_BEHIND_CONFIG, writesBehind).properties());
    }
}
