package com.shopstream.benchmarks.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JfrSamplesTest {

    private static final String SPIN = JfrSamplesTest.class.getName() + ".spin";
    private static volatile long sink;

    @Test
    void readsTheSamplesOfTheThreadsAskedForOutermostFrameFirst(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("spin.jfr");
        String thisThread = Thread.currentThread().getName();
        List<List<String>> spinning = new ArrayList<>();
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            // spins until the recording holds a sample of it: a busy machine samples later, not never
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (spinning.isEmpty() && System.nanoTime() < deadline) {
                spin();
                recording.dump(file);
                JfrSamples.read(file, thisThread::equals, frames -> {
                    if (frames.contains(SPIN)) {
                        spinning.add(frames);
                    }
                });
            }
        }

        assertThat(spinning).isNotEmpty();
        List<String> frames = spinning.get(0);
        assertThat(frames).contains(getClass().getName()
                + ".readsTheSamplesOfTheThreadsAskedForOutermostFrameFirst");
        assertThat(frames.indexOf(getClass().getName() + ".readsTheSamplesOfTheThreadsAskedForOutermostFrameFirst"))
                .as("the test's method calls the spin: outermost first").isLessThan(frames.indexOf(SPIN));
        assertThat(JfrSamples.read(file, name -> false, sample -> { })).as("no thread asked for").isZero();
    }

    @Test
    void namesALambdasHiddenClassTheSameInEveryRun() {
        assertThat(JfrSamples.frameName("org.apache.kafka.streams.processor.internals.StreamTask$$Lambda$2383"
                + "+0x00007fa705870c30/1585087158", "run"))
                .isEqualTo("org.apache.kafka.streams.processor.internals.StreamTask$$Lambda.run");
        assertThat(JfrSamples.frameName("java.util.HashMap", "getNode")).isEqualTo("java.util.HashMap.getNode");
    }

    private static void spin() {
        long until = System.nanoTime() + Duration.ofMillis(200).toNanos();
        long x = 0;
        while (System.nanoTime() < until) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        sink = x;
    }
}
