package com.shopstream.eventtime;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
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
 * <p>The services use the process's one ({@link #shared}): the Kafka clients that read and write (a timestamp
 * extractor, a producer interceptor) are made by Kafka from class names, and every service of a process talks to the
 * same brokers. Tests of a topology make their own.
 */
public final class BrokerClock {

    private static final BrokerClock SHARED = new BrokerClock(System::nanoTime, System::currentTimeMillis);
    private static final long NANOS_PER_MILLI = 1_000_000;
    private static final long OFFSET_BUCKET_NANOS = 150_000_000_000L;
    private static final long NOTHING = Long.MIN_VALUE;

    private final LongSupplier nanoTime;
    private final LongSupplier wallClock;
    private final Map<String, Boolean> logAppendTime = new ConcurrentHashMap<>();
    /**
     * The greatest {@code broker time read - monotonic milliseconds when read}: adding the monotonic milliseconds now
     * gives the brokers' time. One number, so every stream thread and producer reads and raises it without a lock.
     */
    private final AtomicLong brokerMinusMonotonic = new AtomicLong(NOTHING);
    private final AtomicLong restamped = new AtomicLong();
    /** The newest broker time read: most records share their batch's append time and stop at this volatile read. */
    private volatile long newestRead = NOTHING;
    private long offsetBucket = NOTHING;
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
        logAppendTime.put(topic, appended);
    }

    /** A record of {@code topic} stamped {@code timestamp} was read: its append time, if its topic says so. */
    public void read(String topic, long timestamp) {
        if (timestamp > newestRead && Boolean.TRUE.equals(logAppendTime.get(topic))) {
            observe(timestamp);
        }
    }

    /**
     * Something read says the brokers' clock has reached at least {@code brokerTime}: a record of a repartition topic,
     * stamped by a service no later than a broker time plus the allowance, or the newest append time of an input
     * partition as the cluster lists it. A process that reads no input topic (its tasks are all behind a repartition)
     * learns the brokers' time from these. Nothing (zero or less) says nothing.
     */
    public void readAtLeast(long brokerTime) {
        if (brokerTime > 0 && brokerTime > newestRead) {
            observe(brokerTime);
        }
    }

    private void observe(long brokerTime) {
        newestRead = Math.max(newestRead, brokerTime);
        long candidate = brokerTime - nanoTime.getAsLong() / NANOS_PER_MILLI;
        brokerMinusMonotonic.accumulateAndGet(candidate, Math::max);
    }

    /**
     * A time the brokers' clocks have reached for certain, or empty before anything told one: the newest broker time
     * read plus the time since, or, once this process's wall clock offset is measured, the wall clock less it if that
     * is later (a sample of the offset is never below the true one). The second keeps the time current while the
     * inputs are quiet, or while an old backlog is read.
     */
    public OptionalLong now() {
        long base = brokerMinusMonotonic.get();
        OptionalLong offset = wallClockOffset();
        long read = base == NOTHING ? NOTHING : base + nanoTime.getAsLong() / NANOS_PER_MILLI;
        long measured = offset.isPresent() ? wallClock.getAsLong() - offset.getAsLong() : NOTHING;
        long now = Math.max(read, measured);
        return now == NOTHING ? OptionalLong.empty() : OptionalLong.of(now);
    }

    /**
     * {@code timestamp}, or the brokers' time plus {@code margin} if it is later than that: a timestamp the brokers
     * accept while {@code margin} is below their {@code log.message.timestamp.after.max.ms}. Unchanged while nothing
     * is known of the brokers' time.
     */
    public long bound(long timestamp, long margin) {
        OptionalLong now = now();
        return now.isPresent() ? Math.min(timestamp, now.getAsLong() + margin) : timestamp;
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
     * never below the true offset, so the smallest of the last few minutes is the best; older ones go, so that a
     * clock set right since is seen within five minutes.
     */
    public synchronized void sampleOffset(long brokerTime) {
        long sample = wallClock.getAsLong() - brokerTime;
        long bucket = Math.floorDiv(nanoTime.getAsLong(), OFFSET_BUCKET_NANOS);
        if (bucket != offsetBucket) {
            previousMin = bucket == offsetBucket + 1 ? currentMin : Long.MAX_VALUE;
            currentMin = Long.MAX_VALUE;
            offsetBucket = bucket;
        }
        currentMin = Math.min(currentMin, sample);
    }

    /**
     * How far this process's wall clock is ahead of the brokers' (negative: behind), as measured in the last five
     * minutes (two and a half at least); empty when nothing was measured in them (no record read as it arrived).
     */
    public synchronized OptionalLong wallClockOffset() {
        long bucket = Math.floorDiv(nanoTime.getAsLong(), OFFSET_BUCKET_NANOS);
        long current = bucket == offsetBucket ? currentMin : Long.MAX_VALUE;
        long previous = bucket == offsetBucket ? previousMin : bucket == offsetBucket + 1 ? currentMin
                : Long.MAX_VALUE;
        long offset = Math.min(current, previous);
        return offset == Long.MAX_VALUE ? OptionalLong.empty() : OptionalLong.of(offset);
    }

    /** A write was stamped earlier than it was given, to be accepted (common's {@code BrokerTimeStamps}). */
    public void restamped() {
        restamped.incrementAndGet();
    }

    /** Writes stamped earlier than they were given, so that the brokers accept them. */
    public long restampedWrites() {
        return restamped.get();
    }

    /** Whether {@code topic}'s records carry their broker time; empty before the cluster said. */
    public Optional<Boolean> logAppendTime(String topic) {
        return Optional.ofNullable(logAppendTime.get(topic));
    }

    /** The topics read, each with whether its records carry their broker time. */
    public Map<String, Boolean> topics() {
        return Map.copyOf(logAppendTime);
    }
}
