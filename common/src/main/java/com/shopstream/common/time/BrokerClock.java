package com.shopstream.common.time;

import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * What this process knows of the brokers' clock, learnt from the records it reads: a record appended with
 * {@code LogAppendTime} carries the broker's time of its append, and time has gone on since it was read. So
 * {@code newest broker time read + time elapsed since (on this process's monotonic clock)} is a time the brokers'
 * clocks have reached, whatever this process's wall clock says. Writes stamped no later than that (plus less than
 * the broker's {@code log.message.timestamp.after.max.ms}) are accepted, even from a pod whose wall clock is a day
 * ahead.
 *
 * <p>It also tells how far the process's wall clock is from the brokers': measured on records read while their
 * reader had caught up, when their broker time is a moment ago ({@link #sampleOffset}).
 *
 * <p>One per process ({@link #shared}): the Kafka clients that read and write (a timestamp extractor, a producer
 * interceptor) are made by Kafka from class names, and every service of a process talks to the same brokers.
 */
public final class BrokerClock {

    private static final BrokerClock SHARED = new BrokerClock(System::nanoTime, System::currentTimeMillis);
    private static final long OFFSET_BUCKET_NANOS = 60_000_000_000L;

    private final LongSupplier nanoTime;
    private final LongSupplier wallClock;
    private final Map<String, Boolean> logAppendTime = new ConcurrentHashMap<>();
    /** The newest append time read. */
    private volatile long newestRead = Long.MIN_VALUE;
    private long anchorBrokerTime = Long.MIN_VALUE;
    private long anchorNanos;
    private long offsetBucket = Long.MIN_VALUE;
    private long currentMin = Long.MAX_VALUE;
    private long previousMin = Long.MAX_VALUE;

    public BrokerClock(LongSupplier nanoTime, LongSupplier wallClock) {
        this.nanoTime = nanoTime;
        this.wallClock = wallClock;
    }

    public static BrokerClock shared() {
        return SHARED;
    }

    /**
     * What the cluster says of {@code topic}: whether its records carry their broker time ({@code
     * message.timestamp.type=LogAppendTime}). Kafka Streams hands a timestamp extractor every record as if it were
     * {@code CreateTime}, so the topic's configuration is what tells.
     */
    public void timestampType(String topic, boolean appended) {
        Boolean known = logAppendTime.get(topic);
        if (known == null || known != appended) {
            logAppendTime.put(topic, appended);
        }
    }

    /** A record of {@code topic} stamped {@code timestamp} was read: its append time, if its topic says so. */
    public void read(String topic, long timestamp) {
        // every record passes here: the records of a producer's batch share their append time, and only a newer one
        // can say something new, so most records stop at one volatile read
        if (timestamp > newestRead && Boolean.TRUE.equals(logAppendTime.get(topic))) {
            observe(timestamp);
        }
    }

    private synchronized void observe(long brokerTime) {
        newestRead = Math.max(newestRead, brokerTime);
        long now = nanoTime.getAsLong();
        if (anchorBrokerTime == Long.MIN_VALUE || brokerTime > anchorBrokerTime + elapsedMillis(now)) {
            anchorBrokerTime = brokerTime;
            anchorNanos = now;
        }
    }

    /** A time the brokers' clocks have reached for certain, or empty before the first appended record is read. */
    public synchronized OptionalLong now() {
        if (anchorBrokerTime == Long.MIN_VALUE) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(anchorBrokerTime + elapsedMillis(nanoTime.getAsLong()));
    }

    /**
     * {@code timestamp}, or the brokers' time plus {@code allowance} if it is later than that: a timestamp the
     * brokers accept. Unchanged while nothing is known of the brokers' time.
     */
    public long bound(long timestamp, long allowance) {
        OptionalLong now = now();
        return now.isPresent() ? Math.min(timestamp, now.getAsLong() + allowance) : timestamp;
    }

    /**
     * Whether a record of {@code topic} read now tells this process's clock offset: its topic carries broker times
     * and its reader, {@code lag} records behind, has caught up (its broker time is a moment ago).
     */
    public boolean caughtUp(String topic, OptionalLong lag) {
        return Boolean.TRUE.equals(logAppendTime.get(topic)) && lag.isPresent() && lag.getAsLong() == 0;
    }

    /**
     * A record appended at {@code brokerTime} was read when its reader had caught up: its broker time is a moment
     * before now, so this process's wall clock minus it is the clocks' offset plus the record's way here. A sample is
     * never below the true offset, so the smallest of the last minute or two is the best; older ones go, so that a
     * clock set right since is seen within two minutes.
     */
    public synchronized void sampleOffset(long brokerTime) {
        long sample = wallClock.getAsLong() - brokerTime;
        long bucket = nanoTime.getAsLong() / OFFSET_BUCKET_NANOS;
        if (bucket != offsetBucket) {
            previousMin = bucket == offsetBucket + 1 ? currentMin : Long.MAX_VALUE;
            currentMin = Long.MAX_VALUE;
            offsetBucket = bucket;
        }
        currentMin = Math.min(currentMin, sample);
    }

    /** How far this process's wall clock is ahead of the brokers' (negative: behind), once measured. */
    public synchronized OptionalLong wallClockOffset() {
        long offset = Math.min(currentMin, previousMin);
        return offset == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    /** Whether {@code topic}'s records carry their broker time; empty before the cluster said. */
    public java.util.Optional<Boolean> logAppendTime(String topic) {
        return java.util.Optional.ofNullable(logAppendTime.get(topic));
    }

    /** The topics read, each with whether its records carry their broker time. */
    public Map<String, Boolean> topics() {
        return Map.copyOf(logAppendTime);
    }

    private long elapsedMillis(long now) {
        return (now - anchorNanos) / 1_000_000;
    }
}
