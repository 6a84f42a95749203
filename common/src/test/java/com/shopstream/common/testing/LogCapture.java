package com.shopstream.common.testing;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/** What a class logs during each test ({@code @RegisterExtension}): logback's events, attached and detached around it. */
public final class LogCapture implements BeforeEachCallback, AfterEachCallback {

    private final Logger logger;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    public LogCapture(Class<?> loggingClass) {
        this.logger = (Logger) LoggerFactory.getLogger(loggingClass);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        appender.list.clear();
        appender.start();
        logger.addAppender(appender);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        logger.detachAppender(appender);
        appender.stop();
    }

    /** Every event the class logged during the test. */
    public List<ILoggingEvent> events() {
        return List.copyOf(appender.list);
    }

    /** The events logged on the test's own thread: instances that other tests left running log too. */
    public List<ILoggingEvent> eventsOfThisThread() {
        String thread = Thread.currentThread().getName();
        return appender.list.stream().filter(event -> thread.equals(event.getThreadName())).toList();
    }
}
