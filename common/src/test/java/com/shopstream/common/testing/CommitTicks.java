package com.shopstream.common.testing;

import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.apache.kafka.streams.processor.api.MockProcessorContext.CapturedPunctuator;

/** The commit interval of a processor under {@link MockProcessorContext}, and its writes-before-commit punctuator. */
public final class CommitTicks {

    private CommitTicks() {
    }

    /** {@code commit.interval.ms} of the context's configs, in milliseconds (read here, not as the code under test). */
    public static long commitInterval(MockProcessorContext<?, ?> context) {
        return Long.parseLong(String.valueOf(context.appConfigs().get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG)));
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
