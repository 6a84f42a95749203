package com.shopstream.common.streams;

import java.time.Duration;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.api.ProcessorContext;

/** The task's commit interval, for processors that do once per commit what they need not do per record. */
public final class CommitInterval {

    private CommitInterval() {
    }

    /**
     * {@code commit.interval.ms} as the running application resolved it (100 ms under exactly-once unless set), at
     * least 1 ms: it may be 0 (commit as often as possible), and a punctuation needs a positive interval.
     */
    public static Duration of(ProcessorContext<?, ?> context) {
        Object interval = context.appConfigs().get(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG);
        if (interval == null) {
            throw new IllegalStateException(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG
                    + " is missing from the application's configs");
        }
        return Duration.ofMillis(Math.max(1, Long.parseLong(String.valueOf(interval))));
    }
}
