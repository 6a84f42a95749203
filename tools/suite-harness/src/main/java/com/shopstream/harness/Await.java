package com.shopstream.harness;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

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
}
