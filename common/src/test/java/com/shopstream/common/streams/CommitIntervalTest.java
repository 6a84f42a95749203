package com.shopstream.common.streams;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.processor.api.MockProcessorContext;
import org.junit.jupiter.api.Test;

class CommitIntervalTest {

    @Test
    void isTheApplicationsCommitIntervalAndAtLeastOneMillisecond() {
        assertThat(CommitInterval.of(context("250"))).isEqualTo(Duration.ofMillis(250));
        assertThat(CommitInterval.of(context("0"))).as("commit as often as possible").isEqualTo(Duration.ofMillis(1));
    }

    @Test
    void saysSoWhenTheConfigsHaveNone() {
        MockProcessorContext<Object, Object> none = new MockProcessorContext<>() {
            @Override
            public Map<String, Object> appConfigs() {
                return Map.of();
            }
        };
        assertThatThrownBy(() -> CommitInterval.of(none))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("commit.interval.ms");
    }

    private static MockProcessorContext<Object, Object> context(String interval) {
        Properties properties = new Properties();
        properties.put(StreamsConfig.APPLICATION_ID_CONFIG, "test");
        properties.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:9092");
        properties.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, interval);
        return new MockProcessorContext<>(properties);
    }
}
