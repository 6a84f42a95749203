package com.shopstream.common.boot;

import java.time.Duration;
import java.util.Map;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.streams.KafkaStreams;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;

/**
 * Whether the service reaches its Kafka cluster: DOWN when no stream thread's consumer has sent a heartbeat to its
 * group coordinator for longer than {@code maxSilence}. Kafka Streams stays RUNNING through a broker outage (its
 * clients retry), so its state alone cannot say that the service has stopped making progress. This indicator belongs
 * in the readiness group only: restarting the process would not bring the broker back.
 */
public final class KafkaBrokerHealthIndicator implements HealthIndicator {

    private static final String GROUP = "consumer-coordinator-metrics";
    private static final String METRIC = "last-heartbeat-seconds-ago";

    private final StreamsBuilderFactoryBean factoryBean;
    private final Duration maxSilence;

    public KafkaBrokerHealthIndicator(StreamsBuilderFactoryBean factoryBean, Duration maxSilence) {
        this.factoryBean = factoryBean;
        this.maxSilence = maxSilence;
    }

    @Override
    public Health health() {
        KafkaStreams streams = factoryBean.getKafkaStreams();
        if (streams == null || !streams.state().isRunningOrRebalancing()) {
            return Health.unknown().withDetail("reason", "Kafka Streams is not running").build();
        }
        double newest = Double.NaN;
        for (Map.Entry<MetricName, ? extends Metric> metric : streams.metrics().entrySet()) {
            MetricName name = metric.getKey();
            String client = name.tags().getOrDefault("client-id", "");
            // the main consumers of the stream threads (not the restore consumers)
            if (GROUP.equals(name.group()) && METRIC.equals(name.name()) && client.endsWith("-consumer")
                    && !client.endsWith("-restore-consumer")) {
                Object value = metric.getValue().metricValue();
                if (value instanceof Number seconds && seconds.doubleValue() >= 0) {
                    newest = Double.isNaN(newest) ? seconds.doubleValue() : Math.min(newest, seconds.doubleValue());
                }
            }
        }
        if (Double.isNaN(newest)) {
            return Health.unknown().withDetail("reason", "no heartbeat sent yet").build();
        }
        Health.Builder health = newest > maxSilence.toSeconds() ? Health.down() : Health.up();
        return health.withDetail("lastHeartbeatSecondsAgo", newest)
                .withDetail("maxSilenceSeconds", maxSilence.toSeconds())
                .build();
    }
}
