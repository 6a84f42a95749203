package com.shopstream.common.streams;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.junit.jupiter.api.Test;

class BoundedThreadReplacementTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-22T10:00:00Z"));
    private final BoundedThreadReplacement handler = new BoundedThreadReplacement(2, Duration.ofMinutes(10), clock);

    @Test
    void replacesADeadThreadAFewTimesThenShutsTheClientDown() {
        RuntimeException boom = new RuntimeException("boom");

        assertThat(handler.handle(boom)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
        assertThat(handler.handle(boom)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
        assertThat(handler.handle(boom)).isEqualTo(StreamThreadExceptionResponse.SHUTDOWN_CLIENT);
    }

    @Test
    void forgetsReplacementsOlderThanTheWindow() {
        RuntimeException boom = new RuntimeException("boom");
        handler.handle(boom);
        handler.handle(boom);

        clock.now = clock.now.plus(Duration.ofMinutes(10)).plusMillis(1);

        assertThat(handler.handle(boom)).isEqualTo(StreamThreadExceptionResponse.REPLACE_THREAD);
    }

    private static final class MutableClock extends Clock {
        Instant now;

        MutableClock(Instant now) {
            this.now = now;
        }

        @Override
        public java.time.ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
