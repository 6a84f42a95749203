package com.shopstream.common.boot;

import com.shopstream.common.watermark.EventTimeRuntime;
import com.shopstream.eventtime.InputPartition;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;

/**
 * How far the stream threads' consumers are behind on each partition they read: the consumer's own
 * {@code records-lag} metric (the partition's end — for {@code read_committed}, its last stable offset — minus the
 * consumer's position, as of the last fetch). Kafka Streams gives a processor no way to know it has caught up, and
 * idleness needs exactly that. Read from the metrics at most once per {@code refresh}; a partition without a
 * reading (not fetched yet, just assigned) has no known lag, so it is never idle.
 */
public final class ConsumerLagReader implements EventTimeRuntime.InputLag {

    private static final String GROUP = "consumer-fetch-manager-metrics";
    private static final String METRIC = "records-lag";

    private final Supplier<KafkaStreams> client;
    private final Duration refresh;
    private final Clock clock;
    private volatile Map<InputPartition, Long> lags = Map.of();
    private long readAt = Long.MIN_VALUE;

    /** @param client the Kafka Streams client, once it exists ({@code null} before) */
    public ConsumerLagReader(Supplier<KafkaStreams> client, Duration refresh, Clock clock) {
        this.client = client;
        this.refresh = refresh;
        this.clock = clock;
    }

    @Override
    public OptionalLong lag(InputPartition partition) {
        Long lag = current().get(partition);
        return lag == null ? OptionalLong.empty() : OptionalLong.of(lag);
    }

    private Map<InputPartition, Long> current() {
        long now = clock.millis();
        synchronized (this) {
            if (readAt == Long.MIN_VALUE || now - readAt >= refresh.toMillis()) {
                readAt = now;
                lags = read();
            }
        }
        return lags;
    }

    private Map<InputPartition, Long> read() {
        KafkaStreams streams = client.get();
        Map<InputPartition, Long> out = new HashMap<>();
        if (streams == null) {
            return out;
        }
        for (Map.Entry<MetricName, ? extends Metric> metric : streams.metrics().entrySet()) {
            MetricName name = metric.getKey();
            String client = name.tags().getOrDefault("client-id", "");
            String topic = name.tags().get("topic");
            String partition = name.tags().get("partition");
            // the stream threads' main consumers, per partition (not the restore consumers, not the topic totals)
            if (METRIC.equals(name.name()) && GROUP.equals(name.group()) && topic != null && partition != null
                    && client.endsWith("-consumer") && !client.endsWith("-restore-consumer")) {
                Object value = metric.getValue().metricValue();
                if (value instanceof Number lag && !Double.isNaN(lag.doubleValue()) && lag.doubleValue() >= 0) {
                    out.put(new InputPartition(topic, Integer.parseInt(partition)), lag.longValue());
                }
            }
        }
        return out;
    }
}
