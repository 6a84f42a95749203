package com.shopstream.common.boot;

import com.shopstream.common.progress.ProgressRegistry;
import com.shopstream.common.progress.ProgressReport;
import com.shopstream.common.progress.QueryReport;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Closes a progress report every {@code shopstream.progress-interval} (what the endpoint then shows) and logs a line
 * per query that had input, like Spark's progress log.
 */
public final class ProgressReporter implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(ProgressReporter.class);

    private final ProgressRegistry registry;
    private final Duration interval;
    private final Clock clock;
    private ScheduledExecutorService scheduler;

    public ProgressReporter(ProgressRegistry registry, Duration interval, Clock clock) {
        this.registry = registry;
        this.interval = interval;
        this.clock = clock;
    }

    @Override
    public synchronized void start() {
        scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "shopstream-progress");
            thread.setDaemon(true);
            return thread;
        });
        registry.report(clock.instant());
        scheduler.scheduleAtFixedRate(this::report, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void report() {
        try {
            ProgressReport report = registry.report(clock.instant());
            for (QueryReport query : report.queries()) {
                if (query.inputRows() > 0 || query.lateRows() > 0 || query.deadLetterRows() > 0) {
                    log.info("{}: {} rows, event time max {}, watermark {}, {} late, {} dead letters",
                            query.name(), query.inputRows(), query.eventTime().max(), query.eventTime().watermark(),
                            query.lateRows(), query.deadLetterRows());
                }
            }
        } catch (RuntimeException e) {
            log.warn("Could not close a progress report", e);
        }
    }

    @Override
    public synchronized void stop() {
        if (scheduler != null) {
            scheduler.shutdownNow();
            scheduler = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return scheduler != null;
    }
}
