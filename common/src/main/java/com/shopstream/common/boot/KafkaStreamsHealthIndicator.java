package com.shopstream.common.boot;

import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.streams.KafkaStreams;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;

/**
 * Health from the Kafka Streams client state, in the liveness and readiness groups: RUNNING and REBALANCING are UP
 * (a rebalance is normal life), ERROR and PENDING_ERROR are DOWN (the client will not recover by itself), a client
 * not yet started or shutting down is OUT_OF_SERVICE.
 */
public final class KafkaStreamsHealthIndicator implements HealthIndicator {

    private final StreamsBuilderFactoryBean factoryBean;

    public KafkaStreamsHealthIndicator(StreamsBuilderFactoryBean factoryBean) {
        this.factoryBean = factoryBean;
    }

    @Override
    public Health health() {
        KafkaStreams streams = factoryBean.getKafkaStreams();
        if (streams == null) {
            return Health.status(Status.OUT_OF_SERVICE).withDetail("state", "NOT_CREATED").build();
        }
        KafkaStreams.State state = streams.state();
        Map<String, String> threads = new TreeMap<>();
        streams.metadataForLocalThreads().forEach(t -> threads.put(t.threadName(), t.threadState()));
        return Health.status(status(state))
                .withDetail("state", state.name())
                .withDetail("threads", threads)
                .build();
    }

    static Status status(KafkaStreams.State state) {
        return switch (state) {
            case RUNNING, REBALANCING -> Status.UP;
            case ERROR, PENDING_ERROR -> Status.DOWN;
            case CREATED, PENDING_SHUTDOWN, NOT_RUNNING -> Status.OUT_OF_SERVICE;
        };
    }
}
