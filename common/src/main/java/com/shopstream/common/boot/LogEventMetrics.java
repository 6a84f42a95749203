package com.shopstream.common.boot;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggerContextListener;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;

/**
 * Counts log events by level as {@code logback.events{level}}, the meter of Micrometer's {@code LogbackMetrics}, with
 * an appender on the root logger instead of a turbo filter. Logback runs turbo filters on every logging call, before
 * its level check, and Kafka's clients make {@code trace} calls for every record, so that filter chain ran for
 * every record a stream thread read (visible in the profiles of docs/benchmarks/log.md). An appender sees only the
 * events that are logged, which are the ones the turbo filter counted; Boot's
 * {@code LogbackMetricsAutoConfiguration} is excluded in {@code shopstream-defaults.properties} so that there is one
 * counter, not two.
 */
public final class LogEventMetrics implements MeterBinder, AutoCloseable {

    static final String METER = "logback.events";

    private enum Levels {
        ERROR, WARN, INFO, DEBUG, TRACE
    }

    private final LoggerContext context;
    private final Map<Levels, Counter> counters = new EnumMap<>(Levels.class);
    private final CountingAppender appender = new CountingAppender();
    private final LoggerContextListener reattach = new Reattach();

    public LogEventMetrics(LoggerContext context) {
        this.context = context;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        for (Levels level : Levels.values()) {
            String name = level.name().toLowerCase(Locale.ROOT);
            counters.put(level, Counter.builder(METER)
                    .tag("level", name)
                    .description("Number of " + name + " level events that made it to the logs")
                    .baseUnit("events")
                    .register(registry));
        }
        appender.setContext(context);
        // one per application context (tests run several in one JVM, on one logger context)
        appender.setName("shopstream-log-event-metrics-" + System.identityHashCode(this));
        appender.start();
        attach();
        context.addListener(reattach);
    }

    private void attach() {
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        if (!root.isAttached(appender)) {
            root.addAppender(appender);
        }
    }

    @Override
    public void close() {
        context.removeListener(reattach);
        context.getLogger(Logger.ROOT_LOGGER_NAME).detachAppender(appender);
        appender.stop();
    }

    private final class CountingAppender extends UnsynchronizedAppenderBase<ILoggingEvent> {
        @Override
        protected void append(ILoggingEvent event) {
            Levels level = switch (event.getLevel().toInt()) {
                case Level.ERROR_INT -> Levels.ERROR;
                case Level.WARN_INT -> Levels.WARN;
                case Level.INFO_INT -> Levels.INFO;
                case Level.DEBUG_INT -> Levels.DEBUG;
                default -> Levels.TRACE;
            };
            Counter counter = counters.get(level);
            if (counter != null) {
                counter.increment();
            }
        }
    }

    /** A reconfiguration resets the context, which stops and removes every appender: put this one back. */
    private final class Reattach implements LoggerContextListener {
        @Override
        public boolean isResetResistant() {
            return true;
        }

        @Override
        public void onReset(LoggerContext resetContext) {
            if (!appender.isStarted()) {
                appender.start();
            }
            attach();
        }

        @Override
        public void onStart(LoggerContext startedContext) {
        }

        @Override
        public void onStop(LoggerContext stoppedContext) {
        }

        @Override
        public void onLevelChange(Logger logger, Level level) {
        }
    }
}
