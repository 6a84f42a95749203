package com.shopstream.eventtime;

import java.time.Duration;
import java.util.Objects;

/**
 * How far ahead of its <em>broker time</em> (the time the broker appended it, {@code LogAppendTime}) a record's event
 * time may be. Both rules are measured against the record itself, never against a reader's wall clock, so a replay
 * decides exactly as the live run did.
 * <ul>
 *   <li>More than {@code maxFutureSkew} ahead: the record is refused (a dead letter).</li>
 *   <li>Within it, the record is read as usual, but its partition's clock moves no further than its broker time plus
 *       {@code allowance}: one record from a device with a wrong clock can make the partition's honest records late
 *       for at most {@code allowance}, not for the whole skew.</li>
 * </ul>
 * No Kafka in here: the rules, one by one.
 */
public record FutureBound(Duration maxFutureSkew, Duration allowance) {

    /** Half the brokers' default {@code log.message.timestamp.after.max.ms}. */
    static final Duration MAX_ALLOWANCE = Duration.ofMinutes(30);

    public FutureBound {
        Objects.requireNonNull(maxFutureSkew, "maxFutureSkew");
        Objects.requireNonNull(allowance, "allowance");
        if (maxFutureSkew.isNegative()) {
            throw new IllegalArgumentException("shopstream.max-future-skew must not be negative: " + maxFutureSkew);
        }
        if (allowance.isNegative() || allowance.compareTo(maxFutureSkew) > 0
                || allowance.compareTo(MAX_ALLOWANCE) > 0) {
            throw new IllegalArgumentException("shopstream.future-allowance must be between 0 and "
                    + "shopstream.max-future-skew (" + maxFutureSkew + "), and at most " + MAX_ALLOWANCE
                    + " (writes are stamped up to it ahead of the brokers' time, which refuse more than their "
                    + "log.message.timestamp.after.max.ms, 1 h by default): " + allowance);
        }
    }

    /** Whether a record of {@code eventTime} appended at {@code brokerTime} is too far ahead to be read at all. */
    public boolean refuses(long eventTime, long brokerTime) {
        return eventTime - brokerTime > maxFutureSkew.toMillis();
    }

    /**
     * The time a record's partition clock reads once it is read: its event time, but no more than its broker time
     * plus the allowance. It is also the record's timestamp from then on, so nothing the record leads to is stamped
     * further ahead of the broker's time than the allowance.
     */
    public long clockReading(long eventTime, long brokerTime) {
        long limit = brokerTime + allowance.toMillis();
        return Math.min(eventTime, limit);
    }

    /** The reason a refused record's dead letter carries. */
    public String refusal(long eventTime, long brokerTime) {
        return java.time.Instant.ofEpochMilli(eventTime) + " is more than " + maxFutureSkew
                + " ahead of the record's broker time " + java.time.Instant.ofEpochMilli(brokerTime);
    }
}
