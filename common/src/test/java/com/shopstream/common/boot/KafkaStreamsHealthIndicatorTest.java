package com.shopstream.common.boot;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;
import org.springframework.boot.health.contributor.Status;

class KafkaStreamsHealthIndicatorTest {

    @Test
    void mapsEveryClientState() {
        assertThat(KafkaStreamsHealthIndicator.status(State.RUNNING)).isEqualTo(Status.UP);
        assertThat(KafkaStreamsHealthIndicator.status(State.REBALANCING)).isEqualTo(Status.UP);
        assertThat(KafkaStreamsHealthIndicator.status(State.ERROR)).isEqualTo(Status.DOWN);
        assertThat(KafkaStreamsHealthIndicator.status(State.PENDING_ERROR)).isEqualTo(Status.DOWN);
        assertThat(KafkaStreamsHealthIndicator.status(State.CREATED)).isEqualTo(Status.OUT_OF_SERVICE);
        assertThat(KafkaStreamsHealthIndicator.status(State.PENDING_SHUTDOWN)).isEqualTo(Status.OUT_OF_SERVICE);
        assertThat(KafkaStreamsHealthIndicator.status(State.NOT_RUNNING)).isEqualTo(Status.OUT_OF_SERVICE);
    }
}
