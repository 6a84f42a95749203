package com.shopstream.common.boot;

import com.shopstream.eventtime.BrokerClock;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * What the service knows of the brokers' clock ({@link BrokerClock}): how far this pod's wall clock is from it, which
 * input topics carry their records' broker times ({@code LogAppendTime}) and which do not, and how many writes had to
 * be stamped earlier than they were given. Always UP: the service decides and writes correctly whatever its pod's
 * clock says; what is off is said here, in the meters and, once per change, in a WARN.
 */
public final class BrokerClockHealthIndicator implements HealthIndicator, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BrokerClockHealthIndicator.class);

    private final BrokerClock brokerClock;
    private final Duration warnAbove;
    private final ScheduledExecutorService checks;
    private long warnedOffset;
    private final Map<String, Boolean> warnedTopics = new TreeMap<>();

    public BrokerClockHealthIndicator(BrokerClock brokerClock, Duration warnAbove, Duration checkEvery) {
        this.brokerClock = brokerClock;
        this.warnAbove = warnAbove;
        this.checks = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "shopstream-broker-clock");
            thread.setDaemon(true);
            return thread;
        });
        checks.scheduleWithFixedDelay(this::check, checkEvery.toMillis(), checkEvery.toMillis(),
                TimeUnit.MILLISECONDS);
    }

    @Override
    public Health health() {
        Health.Builder health = Health.up();
        brokerClock.wallClockOffset().ifPresentOrElse(
                offset -> health.withDetail("wallClockOffsetMs", offset)
                        .withDetail("wallClock", describe(offset)),
                () -> health.withDetail("wallClock", "not measured in the last minutes: no record of a "
                        + "LogAppendTime topic read as it arrived"));
        Map<String, String> inputs = new TreeMap<>();
        brokerClock.topics().forEach((topic, appended) -> inputs.put(topic, appended ? "LogAppendTime"
                : "CreateTime: a record's time is its producer's, bounded only by the broker's "
                + "log.message.timestamp.after.max.ms"));
        health.withDetail("inputTimestamps", inputs);
        health.withDetail("restampedWrites", brokerClock.restampedWrites());
        return health.build();
    }

    /** Once per change worth saying: a WARN naming the offset, and one per input topic left on CreateTime. */
    void check() {
        brokerClock.wallClockOffset().ifPresent(offset -> {
            boolean off = Math.abs(offset) > warnAbove.toMillis();
            if (off && Math.abs(offset - warnedOffset) > warnAbove.toMillis()) {
                log.warn("This pod's wall clock is {} (measured on records read as the brokers appended them). "
                        + "Shopstream decides and stamps on the records' broker times, so its results stay right; "
                        + "fix the pod's time source (NTP) for everything else on it.", describe(offset));
                warnedOffset = offset;
            } else if (!off && warnedOffset != 0) {
                log.info("This pod's wall clock is back within {} of the brokers' ({})", warnAbove,
                        describe(offset));
                warnedOffset = 0;
            }
        });
        brokerClock.topics().forEach((topic, appended) -> {
            if (!appended && warnedTopics.put(topic, Boolean.TRUE) == null) {
                log.warn("Input topic {} is on message.timestamp.type=CreateTime: a record's broker time is the one "
                        + "its producer gave, which the broker bounds only by log.message.timestamp.after.max.ms. "
                        + "Set message.timestamp.type=LogAppendTime on it so that how far ahead a record may be, "
                        + "and how far it may move its partition's clock, is measured against the broker's clock.",
                        topic);
            }
        });
    }

    static String describe(long offsetMs) {
        Duration offset = Duration.ofMillis(Math.abs(offsetMs));
        return offset + (offsetMs >= 0 ? " ahead of" : " behind") + " the brokers' clock";
    }

    @Override
    public void close() {
        checks.shutdownNow();
    }
}
