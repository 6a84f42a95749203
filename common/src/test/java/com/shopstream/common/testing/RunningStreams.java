package com.shopstream.common.testing;

import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;

/** A Kafka Streams instance against a real broker, started and awaited RUNNING with a latch (no sleeps). */
public final class RunningStreams implements AutoCloseable {

    private final KafkaStreams streams;

    private RunningStreams(KafkaStreams streams) {
        this.streams = streams;
    }

    public static RunningStreams start(Topology topology, Properties properties, Duration timeout) {
        KafkaStreams streams = new KafkaStreams(topology, properties);
        CountDownLatch running = new CountDownLatch(1);
        streams.setStateListener((now, before) -> {
            if (now == KafkaStreams.State.RUNNING) {
                running.countDown();
            }
        });
        streams.start();
        try {
            if (!running.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                streams.close(Duration.ofSeconds(10));
                throw new IllegalStateException("Kafka Streams not RUNNING within " + timeout + ": "
                        + streams.state());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return new RunningStreams(streams);
    }

    public KafkaStreams streams() {
        return streams;
    }

    /** Leaves the group on close, so that the next instance of the test gets the partitions at once. */
    @Override
    public void close() {
        streams.close(new KafkaStreams.CloseOptions().leaveGroup(true).timeout(Duration.ofSeconds(30)));
    }
}
