package com.shopstream.common.boot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

/** On a logger context of its own, at INFO: the events that are logged are counted, by level, and nothing else. */
class LogEventMetricsTest {

    private final LoggerContext logging = new LoggerContext();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void countsTheEventsThatAreLoggedByLevel() {
        logging.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.INFO);
        try (LogEventMetrics metrics = new LogEventMetrics(logging)) {
            metrics.bindTo(registry);
            Logger log = logging.getLogger("some.class");
            log.error("one");
            log.warn("two");
            log.warn("three");
            log.info("four");
            log.debug("not logged at INFO");
            log.trace("nor this");

            assertThat(count("error")).isEqualTo(1);
            assertThat(count("warn")).isEqualTo(2);
            assertThat(count("info")).isEqualTo(1);
            assertThat(count("debug")).isZero();
            assertThat(count("trace")).isZero();
            assertThat(logging.getTurboFilterList()).isEmpty();
        }
        logging.getLogger("some.class").error("after close: not counted");
        assertThat(count("error")).isEqualTo(1);
    }

    @Test
    void keepsCountingAfterTheLoggingIsReconfigured() {
        try (LogEventMetrics metrics = new LogEventMetrics(logging)) {
            metrics.bindTo(registry);
            logging.reset();   // what a reconfiguration does first: every appender stopped and removed
            logging.getLogger(Logger.ROOT_LOGGER_NAME).setLevel(Level.INFO);
            logging.getLogger("some.class").info("after the reset");

            assertThat(count("info")).isEqualTo(1);
        }
    }

    private double count(String level) {
        return registry.get(LogEventMetrics.METER).tag("level", level).counter().count();
    }
}
