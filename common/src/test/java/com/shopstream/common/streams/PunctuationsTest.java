package com.shopstream.common.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Duration;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;
import org.junit.jupiter.api.Test;

class PunctuationsTest {

    @Test
    void schedulesOnTheContextAndCancelsEveryScheduleAtClose() {
        MockProcessorContext<Object, Object> context = new MockProcessorContext<>();
        Punctuations punctuations = new Punctuations();
        punctuations.schedule(context, Duration.ofSeconds(1), PunctuationType.WALL_CLOCK_TIME, now -> { });
        punctuations.schedule(context, Duration.ofMinutes(1), PunctuationType.STREAM_TIME, now -> { });
        assertThat(context.scheduledPunctuators())
                .extracting(CapturedPunctuator::getInterval, CapturedPunctuator::getType, CapturedPunctuator::cancelled)
                .containsExactly(tuple(Duration.ofSeconds(1), PunctuationType.WALL_CLOCK_TIME, false),
                        tuple(Duration.ofMinutes(1), PunctuationType.STREAM_TIME, false));

        punctuations.cancelAll();

        assertThat(context.scheduledPunctuators()).allMatch(CapturedPunctuator::cancelled);
    }
}
