package com.shopstream.common.boot;

import com.shopstream.common.streams.RocksDbMemory;
import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.eventtime.BrokerClock;
import com.shopstream.eventtime.FutureBound;
import com.shopstream.eventtime.InputClocks;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.util.unit.DataSize;

/**
 * Settings every service shares ({@code shopstream.*}). Each service adds its own under {@code shopstream.<service>}.
 *
 * @param topics          input topic names
 * @param maxFutureSkew   an event time further than this ahead of its record's broker time is a dead letter
 * @param futureAllowance a record within {@code maxFutureSkew} moves its partition's clock no further than its broker
 *                        time plus this: how long one record from a wrong clock can make honest records late
 * @param deadLetterTopic where unreadable records go; default {@code <spring.application.name>-dlq}
 * @param lateTopic       where too-late records go; default {@code <spring.application.name>-late}
 * @param rocksdb         off-heap memory shared by all RocksDB stores of the service
 * @param progressInterval how often a progress report closes (Spark's trigger interval, for reporting only)
 * @param threadReplacement how often a dead stream thread is replaced before the client shuts down
 * @param brokerSilence   readiness turns DOWN when no consumer heartbeat reached the brokers for this long
 * @param watermark       the event-time clocks: how often readers report them, when a partition is idle
 * @param stateRows       how progress reports state-store rows: {@code counted} (exact; each store read to the end at
 *                        most twice per report interval, a cost that grows with the rows) or {@code estimated}
 *                        (RocksDB's {@code estimate-num-keys}: free, but it counts overwrites not yet compacted)
 * @param repartitionBatchSize events per record of a repartition topic at most ({@code 1}: a record per event)
 * @param writeBehind     whether the processors' rows are written once per commit, just before it ({@code false}:
 *                        each change when it is made, the plain path; the outputs are the same)
 * @param clockOffsetWarning a WARN (and the {@code brokerClock} health details) when this pod's wall clock is further
 *                        than this from the brokers' clock
 * @param rateLimit       requests per client to the HTTP API (the actuator is not limited)
 * @param management      who may read the health details
 */
@ConfigurationProperties("shopstream")
public record ShopstreamProperties(
        @DefaultValue Topics topics,
        @DefaultValue("1h") Duration maxFutureSkew,
        @DefaultValue("1m") Duration futureAllowance,
        String deadLetterTopic,
        String lateTopic,
        @DefaultValue RocksDb rocksdb,
        @DefaultValue("10s") Duration progressInterval,
        @DefaultValue ThreadReplacement threadReplacement,
        @DefaultValue("15s") Duration brokerSilence,
        @DefaultValue Watermark watermark,
        @DefaultValue("counted") StateRows stateRows,
        @DefaultValue("64") int repartitionBatchSize,
        @DefaultValue("true") boolean writeBehind,
        @DefaultValue("30s") Duration clockOffsetWarning,
        @DefaultValue RateLimit rateLimit,
        @DefaultValue Management management) {

    public ShopstreamProperties {
        futureBound(maxFutureSkew, futureAllowance);   // validates both
        if (progressInterval.isZero() || progressInterval.isNegative()) {
            throw new IllegalArgumentException("shopstream.progress-interval must be positive: " + progressInterval);
        }
        if (repartitionBatchSize < 1) {
            throw new IllegalArgumentException("shopstream.repartition-batch-size must be at least 1: "
                    + repartitionBatchSize);
        }
    }

    /** {@code shopstream.*} as a service without any configuration has it: bound from nothing, not copied. */
    public static ShopstreamProperties defaults() {
        return new Binder(new MapConfigurationPropertySource()).bindOrCreate("shopstream", ShopstreamProperties.class);
    }

    /** The rules {@code maxFutureSkew} and {@code futureAllowance} set. */
    public FutureBound futureBound() {
        return futureBound(maxFutureSkew, futureAllowance);
    }

    private static FutureBound futureBound(Duration maxFutureSkew, Duration futureAllowance) {
        return new FutureBound(maxFutureSkew, futureAllowance);
    }

    /** The event-time steps' view of the running service, with these settings and the process's broker clock. */
    public EventTimeRuntime eventTimeRuntime(EventTimeRuntime.InputLag lag, EventTimeRuntime.PartitionCounts counts,
                                             InputClocks.EndOffsets ends) {
        return eventTimeRuntime(lag, counts, ends, BrokerClock.shared());
    }

    /** The same with a broker clock of its own (a test driver's, whose records carry no broker times). */
    public EventTimeRuntime eventTimeRuntime(EventTimeRuntime.InputLag lag, EventTimeRuntime.PartitionCounts counts,
                                             InputClocks.EndOffsets ends, BrokerClock brokerClock) {
        return new EventTimeRuntime(watermark.reportInterval(), watermark.idleTimeout(), lag, counts, ends,
                futureBound(), brokerClock);
    }

    /** See {@code stateRows}. */
    public enum StateRows { COUNTED, ESTIMATED }

    public String deadLetterTopic(String serviceName) {
        return deadLetterTopic == null || deadLetterTopic.isBlank() ? serviceName + "-dlq" : deadLetterTopic;
    }

    public String lateTopic(String serviceName) {
        return lateTopic == null || lateTopic.isBlank() ? serviceName + "-late" : lateTopic;
    }

    /** @param orders orders topic; @param paymentsRaw payments as providers send them; @param payments keyed by order */
    public record Topics(
            @DefaultValue("orders") String orders,
            @DefaultValue("payments-raw") String paymentsRaw,
            @DefaultValue("payments") String payments) {
    }

    /** @param totalOffHeap block cache shared by all stores; @param memtables the part memtables may take */
    public record RocksDb(@DefaultValue("128MB") DataSize totalOffHeap, @DefaultValue("32MB") DataSize memtables) {

        public RocksDbMemory memory() {
            return new RocksDbMemory(totalOffHeap.toBytes(), memtables.toBytes());
        }
    }

    /**
     * @param idleTimeout       a partition whose reader has caught up and read nothing for this long (wall clock) is
     *                          idle: it stops holding its queries' watermarks back until a record lands in it
     * @param reportInterval    how often each reader sends its partitions' clocks through the repartition topics
     * @param endOffsetsRefresh how often the input partitions' end offsets are read from the cluster: a record written
     *                          to an idle partition makes it hold its queries again within about this long, and an
     *                          advance of a watermark that only an idle partition lets through waits for a read begun
     *                          after it was wanted
     * @param adviceHorizon     how far back (wall clock) the figures of {@code /actuator/delayadvice} and the
     *                          out-of-orderness meters go
     */
    public record Watermark(@DefaultValue("30s") Duration idleTimeout, @DefaultValue("100ms") Duration reportInterval,
                            @DefaultValue("200ms") Duration endOffsetsRefresh,
                            @DefaultValue("24h") Duration adviceHorizon) {

        public Watermark {
            if (adviceHorizon != null && adviceHorizon.compareTo(Duration.ofMinutes(1)) < 0) {
                throw new IllegalArgumentException("shopstream.watermark.advice-horizon must be at least 1m: "
                        + adviceHorizon);
            }
        }
    }

    /**
     * @param enabled           whether the HTTP API limits each client's requests
     * @param requestsPerSecond the rate a client's bucket refills at
     * @param burst             how many requests a client may send at once
     * @param clients           how many clients' buckets are kept at most (the least recent are forgotten)
     * @param idle              a client's bucket is forgotten after this long without a request
     */
    public record RateLimit(@DefaultValue("true") boolean enabled, @DefaultValue("100") long requestsPerSecond,
                            @DefaultValue("200") long burst, @DefaultValue("100000") long clients,
                            @DefaultValue("10m") Duration idle) {

        public RateLimit {
            if (requestsPerSecond <= 0 || burst <= 0 || clients <= 0 || idle.isNegative() || idle.isZero()) {
                throw new IllegalArgumentException("shopstream.rate-limit.requests-per-second, burst, clients and idle "
                        + "must be positive: " + requestsPerSecond + ", " + burst + ", " + clients + ", " + idle);
            }
        }
    }

    /**
     * The operator who may read the health details (HTTP Basic; every other request, health's status included, needs
     * no credentials).
     *
     * @param username the operator's name
     * @param password the operator's password; none (the default): nobody sees the details
     */
    public record Management(@DefaultValue("operator") String username, String password) {

        public Management {
            if (username == null || username.isBlank()) {
                throw new IllegalArgumentException("shopstream.management.username must not be blank");
            }
        }

        public boolean hasPassword() {
            return password != null && !password.isBlank();
        }

        @Override
        public String toString() {
            return "Management[username=" + username + ", password=" + (hasPassword() ? "(set)" : "none") + "]";
        }
    }

    /** @param max replacements allowed within {@code window}; @param window the sliding window */
    public record ThreadReplacement(@DefaultValue("3") int max, @DefaultValue("10m") Duration window) {

        public ThreadReplacement {
            if (max < 0) {
                throw new IllegalArgumentException("shopstream.thread-replacement.max must not be negative: " + max);
            }
        }
    }
}
