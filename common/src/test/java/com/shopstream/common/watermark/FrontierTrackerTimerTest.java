package com.shopstream.common.watermark;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.Order;
import com.shopstream.common.testing.MockStores;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.QueryLateness;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.Test;

/**
 * The tracker's timer: an advance that no record triggers — one over an idle partition that waited for a fresh read
 * of the end offsets when the task stopped — is sent once the offsets allow it, as a record of its own.
 */
class FrontierTrackerTimerTest {

    private static final FrontierStep STEP = new FrontierStep("q", List.of("orders"),
            List.of(new QueryLateness("q", Duration.ofMinutes(3), new EventTimeBound())));
    private static final InputPartition ORDERS_0 = new InputPartition("orders", 0);
    private static final InputPartition ORDERS_1 = new InputPartition("orders", 1);

    /** A read of the end offsets begun after the restart has answered once {@code answered} is 1. */
    private long answered;

    @Test
    void anAdvanceARestartLeftWaitingIsSentFromTheTimerOnceAFreshReadAllowsIt() {
        sentFromTheTimer(ms("10:06:00"), ms("10:06:00"));
    }

    @Test
    void beforeTheTaskHasAStreamTimeTheTimersAdvanceCarriesTheFrontierAsItsTimestamp() {
        sentFromTheTimer(-1, ms("10:05:00"));
    }

    /** @param streamTime the task's newest record timestamp ({@code -1}: none yet) */
    private void sentFromTheTimer(long streamTime, long timestamp) {
        TestStreams streams = TestStreams.forDriver("frontier-timer-test");
        streams.with(streams.eventTime().withEndOffsets(new InputClocks.EndOffsets() {
            @Override
            public OptionalLong endOffset(InputPartition partition) {
                return OptionalLong.of(0);
            }

            @Override
            public long begun() {
                return 0;
            }

            @Override
            public long answered() {
                return answered;
            }
        }));
        MockProcessorContext<String, Timed<Order>> context = new MockProcessorContext<>(streams.properties());
        context.setCurrentStreamTimeMs(streamTime);
        KeyValueStore<String, byte[]> store = MockStores.writtenBeforeCommit(context, STEP.storeName(),
                Serdes.String(), Serdes.ByteArray());
        // what the task had stored when it stopped: orders-1 idle, read to its end; the advance to 10:05 waiting
        InputClocks before = InputClocks.ofTopics(List.of("orders"));
        before.report(ORDERS_0, 2, ms("10:05:00"), false, -1);
        before.report(ORDERS_1, 2, ms("10:01:00"), true, 0);
        ClockStore clocks = new ClockStore(store);
        clocks.saveCounts(before);
        clocks.savePartition(before, ORDERS_0);
        clocks.savePartition(before, ORDERS_1);
        clocks.saveFrontier(ms("10:01:00"));

        FrontierTracker<Order> tracker = new FrontierTracker<>(STEP);
        tracker.init(context);
        MockProcessorContext.CapturedPunctuator timer = context.scheduledPunctuators().stream()
                .filter(p -> p.getInterval().equals(streams.eventTime().reportInterval())).findFirst().orElseThrow();
        assertThat(timer.getType()).isEqualTo(PunctuationType.WALL_CLOCK_TIME);

        timer.getPunctuator().punctuate(0);
        assertThat(context.forwarded()).as("the end offsets in hand are from before the restart").isEmpty();

        answered = 1;
        timer.getPunctuator().punctuate(100);
        assertThat(context.forwarded()).hasSize(1);
        assertThat(context.forwarded().get(0).record().value()).isEqualTo(new Timed.Advance<Order>(ms("10:05:00")));
        assertThat(context.forwarded().get(0).record().key()).isEqualTo(SourceClock.NO_KEY);
        assertThat(context.forwarded().get(0).record().timestamp()).isEqualTo(timestamp);
        assertThat(new ClockStore(store).frontier()).as("written before the commit").isEqualTo(ms("10:01:00"));
        MockStores.commit(context, STEP.storeName());   // the task's commit
        assertThat(new ClockStore(store).frontier()).isEqualTo(ms("10:05:00"));

        timer.getPunctuator().punctuate(200);
        assertThat(context.forwarded()).as("sent once").hasSize(1);
    }
}
