package com.shopstream.common.testing;

import com.shopstream.common.streams.CommitInterval;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;

/** The commit interval of a processor under {@link MockProcessorContext}, and its writes-before-commit punctuator. */
public final class CommitTicks {

    private CommitTicks() {
    }

    /** {@code commit.interval.ms} as the processor reads it from the context's configs, in milliseconds. */
    public static long commitInterval(MockProcessorContext<?, ?> context) {
        return CommitInterval.of(context).toMillis();
    }

    /**
     * The update rows' punctuator asked at 0 and a commit interval later: no commit seen (this context has no record
     * cache that would run the hook), it writes an interval after it was first asked.
     */
    public static void oneInterval(MockProcessorContext<?, ?> context, CapturedPunctuator rows) {
        rows.getPunctuator().punctuate(0);
        rows.getPunctuator().punctuate(commitInterval(context));
    }
}
