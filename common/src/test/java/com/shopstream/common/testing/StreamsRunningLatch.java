package com.shopstream.common.testing;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.KafkaStreams;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.kafka.config.StreamsBuilderFactoryBeanConfigurer;

/**
 * For Spring tests of a service: a bean that lets a test wait until the service's Kafka Streams is RUNNING, on a
 * latch counted down by the client's state listener.
 */
public final class StreamsRunningLatch implements StreamsBuilderFactoryBeanConfigurer {

    private final CountDownLatch running = new CountDownLatch(1);

    @Override
    public void configure(StreamsBuilderFactoryBean factoryBean) {
        factoryBean.setStateListener((now, before) -> {
            if (now == KafkaStreams.State.RUNNING) {
                running.countDown();
            }
        });
    }

    public void await(Duration timeout) {
        try {
            if (!running.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new AssertionError("Kafka Streams did not reach RUNNING within " + timeout);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
