package com.shopstream.harness;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.KafkaException;

/**
 * Waits on another process's progress (a log line, an endpoint, a consumer group's offsets), which no latch or future
 * in this JVM can signal: checks the condition every 100 ms until it holds, and fails with what it waited for once
 * the timeout has passed.
 */
public final class Await {

    private static final long POLL_MS = 100;

    private Await() {
    }

    public static void until(String what, Duration timeout, Callable<Boolean> condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (!condition.call()) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("timed out after " + timeout + " waiting for " + what);
                }
                TimeUnit.MILLISECONDS.sleep(POLL_MS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (AssertionError | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("while waiting for " + what, e);
        }
    }

    /**
     * {@link #until} for a condition asked of a system under a fault (a cluster with a node down): a call that fails
     * as such calls do then (a Kafka error, a future that failed or timed out, no leader yet) is an answer of "not
     * yet", and the last such failure is in the timeout's message; any other exception is a bug and ends the wait.
     */
    public static void untilAnswered(String what, Duration timeout, Callable<Boolean> condition) {
        Exception[] last = new Exception[1];
        try {
            until(what, timeout, () -> {
                try {
                    return condition.call();
                } catch (ExecutionException | TimeoutException | KafkaException | IllegalStateException e) {
                    last[0] = e;
                    return false;
                }
            });
        } catch (AssertionError e) {
            if (last[0] != null) {
                e.addSuppressed(last[0]);
            }
            throw e;
        }
    }
}
