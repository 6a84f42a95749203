package com.shopstream.common.streams;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replaces a stream thread that died (its tasks resume from the last commit, so nothing is lost), but at most
 * {@code maxReplacements} times within {@code window}: a failure that keeps coming back stops the client instead,
 * health turns DOWN, and the orchestrator restarts the process rather than the service spinning forever.
 */
public final class BoundedThreadReplacement implements StreamsUncaughtExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(BoundedThreadReplacement.class);

    private final int maxReplacements;
    private final Duration window;
    private final Clock clock;
    private final Deque<Instant> replacements = new ArrayDeque<>();

    public BoundedThreadReplacement(int maxReplacements, Duration window, Clock clock) {
        if (maxReplacements < 0) {
            throw new IllegalArgumentException("maxReplacements must not be negative: " + maxReplacements);
        }
        this.maxReplacements = maxReplacements;
        this.window = window;
        this.clock = clock;
    }

    @Override
    public synchronized StreamThreadExceptionResponse handle(Throwable exception) {
        Instant now = clock.instant();
        while (!replacements.isEmpty() && replacements.peekFirst().isBefore(now.minus(window))) {
            replacements.removeFirst();
        }
        if (replacements.size() < maxReplacements) {
            replacements.addLast(now);
            log.error("Stream thread died; replacing it ({} of {} replacements allowed within {})",
                    replacements.size(), maxReplacements, window, exception);
            return StreamThreadExceptionResponse.REPLACE_THREAD;
        }
        log.error("Stream thread died again after {} replacements within {}; shutting the Kafka Streams client down",
                maxReplacements, window, exception);
        return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
    }
}
