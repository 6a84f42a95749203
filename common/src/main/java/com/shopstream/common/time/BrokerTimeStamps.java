package com.shopstream.common.time;

import com.shopstream.eventtime.BrokerClock;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.kafka.clients.producer.ProducerInterceptor;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * Every record a service writes (results, late records, repartition and changelog topics, dead letters) leaves with a
 * timestamp the broker accepts: none later than the brokers' time as this process knows it ({@link BrokerClock})
 * plus a margin below the broker's {@code log.message.timestamp.after.max.ms} (one hour by default). A record without
 * a timestamp, which the producer would stamp with this pod's wall clock, gets the brokers' time.
 *
 * <p>Most writes already are: the input records' timestamps are their broker times, and what they lead to inherits
 * them. Two kinds are not, and they are why this is in the producer, the one place every write passes: what Kafka
 * Streams writes to a changelog during a wall-clock punctuation or at a commit is stamped with the pod's wall clock
 * (a day ahead on a pod whose NTP failed), and a result stamped with its window's end may be ahead of its inputs.
 * Kafka Streams' producers get it from {@code StreamsDefaults} ({@code producer.interceptor.classes}).
 */
public final class BrokerTimeStamps implements ProducerInterceptor<Object, Object> {

    /** The margin, in milliseconds ({@code producer.}-prefixed in the streams configuration). */
    public static final String MARGIN_MS_CONFIG = "shopstream.timestamp-margin-ms";

    /** The changelogs of the stores of partition clocks ({@code <step>-watermarks}, pinned by the naming tests). */
    static final String CLOCKS_CHANGELOG_SUFFIX = "-watermarks-changelog";

    private final BrokerClock brokerClock;
    private long marginMs = Duration.ofMinutes(1).toMillis();

    public BrokerTimeStamps() {
        this(BrokerClock.shared());
    }

    BrokerTimeStamps(BrokerClock brokerClock) {
        this.brokerClock = brokerClock;
    }

    @Override
    public void configure(Map<String, ?> configs) {
        Object margin = configs.get(MARGIN_MS_CONFIG);
        if (margin != null) {
            marginMs = Long.parseLong(margin.toString());
        }
    }

    @Override
    public ProducerRecord<Object, Object> onSend(ProducerRecord<Object, Object> record) {
        Long timestamp = record.timestamp();
        OptionalLong now = brokerClock.now();
        long bounded;
        if (timestamp == null) {
            if (now.isEmpty()) {
                return record;
            }
            bounded = now.getAsLong();
        } else if (now.isPresent()) {
            bounded = brokerClock.bound(timestamp, marginMs);
        } else if (record.topic().endsWith(CLOCKS_CHANGELOG_SUFFIX)) {
            // Before the process has read anything, the only writes are the partition clocks' (idle flags, at a
            // commit after a wall-clock punctuation, stamped with this pod's clock). Their stores are compacted and
            // hold no time of their own, so the earliest timestamp is as good as any, and always accepted.
            bounded = Math.min(timestamp, 0);
        } else {
            return record;
        }
        if (timestamp != null) {
            if (bounded == timestamp) {
                return record;
            }
            brokerClock.restamped();
        }
        return new ProducerRecord<>(record.topic(), record.partition(), bounded, record.key(), record.value(),
                record.headers());
    }

    @Override
    public void onAcknowledgement(RecordMetadata metadata, Exception exception) {
    }

    @Override
    public void close() {
    }
}
