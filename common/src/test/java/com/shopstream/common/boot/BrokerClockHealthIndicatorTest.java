package com.shopstream.common.boot;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.shopstream.common.testing.LogCapture;
import com.shopstream.eventtime.BrokerClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

class BrokerClockHealthIndicatorTest {

    private static final long BROKER = 1_800_000_000_000L;

    private long wall = BROKER + Duration.ofMinutes(50).toMillis();
    private final BrokerClock clock = new BrokerClock(() -> 0L, () -> wall);
    private final BrokerClockHealthIndicator indicator =
            new BrokerClockHealthIndicator(clock, Duration.ofSeconds(30), Duration.ofHours(1));
    @RegisterExtension
    final LogCapture logged = new LogCapture(BrokerClockHealthIndicator.class);

    @AfterEach
    void close() {
        indicator.close();
    }

    @Test
    void beforeAnythingIsMeasuredItIsUpAndSaysSo() {
        Health health = indicator.health();

        assertThat(health.getStatus()).isEqualTo(Status.UP);
        assertThat(health.getDetails()).doesNotContainKey("wallClockOffsetMs")
                .containsEntry("wallClock", "not measured in the last minutes: no record of a LogAppendTime "
                        + "topic read as it arrived");
    }

    @Test
    void aPodClockFiftyMinutesAheadIsShownAndWarnedOnceStillUp() {
        clock.timestampType("orders", true);
        clock.read("orders", BROKER);
        clock.sampleOffset(BROKER);
        clock.timestampType("payments-raw", false);

        indicator.check();
        indicator.check();
        Health health = indicator.health();

        assertThat(health.getStatus()).isEqualTo(Status.UP);
        assertThat(health.getDetails()).containsEntry("wallClockOffsetMs", 3_000_000L)
                .containsEntry("wallClock", "PT50M ahead of the brokers' clock");
        assertThat(health.getDetails().get("inputTimestamps")).isInstanceOfSatisfying(Map.class, inputs ->
                assertThat(inputs.get("orders")).isEqualTo("LogAppendTime"));
        assertThat(logged.eventsOfThisThread()).extracting(ILoggingEvent::getLevel).containsExactly(Level.WARN, Level.WARN);
        assertThat(logged.eventsOfThisThread()).extracting(ILoggingEvent::getFormattedMessage).anySatisfy(message ->
                assertThat(message).startsWith("This pod's wall clock is PT50M ahead of the brokers' clock"))
                .anySatisfy(message -> assertThat(message)
                        .startsWith("Input topic payments-raw is on message.timestamp.type=CreateTime"));
    }

    @Test
    void aPodClockBehindIsShownAsBehindAndTheMeterSaysItInSeconds() {
        wall = BROKER - Duration.ofMinutes(50).toMillis();
        clock.sampleOffset(BROKER);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new BrokerClockMeters(clock).bindTo(registry);

        indicator.check();

        assertThat(indicator.health().getDetails()).containsEntry("wallClock", "PT50M behind the brokers' clock");
        assertThat(registry.get("shopstream.clock.offset").gauge().value()).isEqualTo(-3000.0);
        assertThat(registry.get("shopstream.writes.restamped").functionCounter().count()).isZero();
        assertThat(logged.eventsOfThisThread()).singleElement().extracting(ILoggingEvent::getFormattedMessage).asString()
                .startsWith("This pod's wall clock is PT50M behind the brokers' clock");
    }
}
