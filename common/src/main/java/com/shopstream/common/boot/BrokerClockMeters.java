package com.shopstream.common.boot;

import com.shopstream.common.time.BrokerTimeStamps;
import com.shopstream.eventtime.BrokerClock;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * {@code shopstream.clock.offset}: how far this pod's wall clock is ahead of the brokers' (negative: behind), NaN
 * until measured; {@code shopstream.writes.restamped}: writes stamped earlier than they were given, so that the
 * broker accepts them ({@link BrokerTimeStamps}).
 */
public final class BrokerClockMeters implements MeterBinder {

    private final BrokerClock brokerClock;

    public BrokerClockMeters(BrokerClock brokerClock) {
        this.brokerClock = brokerClock;
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("shopstream.clock.offset", brokerClock,
                        clock -> clock.wallClockOffset().isPresent()
                                ? clock.wallClockOffset().getAsLong() / 1000.0 : Double.NaN)
                .description("How far this pod's wall clock is ahead of the brokers' (negative: behind), measured "
                        + "on records read as they were appended")
                .baseUnit("seconds")
                .register(registry);
        FunctionCounter.builder("shopstream.writes.restamped", brokerClock, BrokerClock::restampedWrites)
                .description("Records written with an earlier timestamp than they were given, so that the broker "
                        + "accepts them")
                .register(registry);
    }
}
