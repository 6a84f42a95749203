package com.shopstream.benchmarks.suite;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * End-to-end latency of an update-mode window count, order by order: each order sent is remembered with its send
 * time, by window, in sending order; when the output shows window {@code W} with count {@code n}, the first {@code n}
 * orders sent into {@code W} are taken as visible at that moment (their latency: seen − sent). Orders of a window
 * reach the aggregate in an interleaving of the input partitions, so "the first n sent" can swap a few orders sent
 * within the same instant with each other; it never credits an order before a count that includes it could exist.
 * Orders sent in a warm-up count in their window's rank but their latency is not followed. Thread-safe: one thread
 * sends, another reads the output.
 */
public final class WindowVisibility {

    private static final long NOT_FOLLOWED = Long.MIN_VALUE;

    private final Map<Long, Window> windows = new HashMap<>();
    private long[] latencies = new long[1 << 16];
    private int seen;
    private long sent;

    /**
     * An order of the window starting at {@code windowStart} (epoch ms) was sent at {@code sentNanos}; its latency is
     * followed when {@code follow}.
     */
    public synchronized void sent(long windowStart, long sentNanos, boolean follow) {
        windows.computeIfAbsent(windowStart, w -> new Window()).add(follow ? sentNanos : NOT_FOLLOWED);
        if (follow) {
            sent++;
        }
    }

    /** The output showed {@code count} orders in the window starting at {@code windowStart} at {@code seenNanos}. */
    public synchronized void seen(long windowStart, long count, long seenNanos) {
        Window window = windows.get(windowStart);
        if (window == null) {
            return; // a window of an earlier run, or of orders this run did not track
        }
        long upTo = Math.min(count, window.size);
        for (long rank = window.visible; rank < upTo; rank++) {
            long sentAt = window.sentAt[(int) rank];
            if (sentAt != NOT_FOLLOWED) {
                record(seenNanos - sentAt);
            }
        }
        window.visible = Math.max(window.visible, upTo);
    }

    /** Orders followed. */
    public synchronized long sentCount() {
        return sent;
    }

    /** Orders followed that were seen. */
    public synchronized long seenCount() {
        return seen;
    }

    /** Latencies of the orders seen so far, in nanoseconds. */
    public synchronized Percentiles latencies() {
        return new Percentiles(Arrays.copyOf(latencies, seen));
    }

    private void record(long nanos) {
        if (seen == latencies.length) {
            latencies = Arrays.copyOf(latencies, seen * 2);
        }
        latencies[seen++] = nanos;
    }

    private static final class Window {
        private long[] sentAt = new long[1024];
        private int size;
        private long visible;

        void add(long nanos) {
            if (size == sentAt.length) {
                sentAt = Arrays.copyOf(sentAt, size * 2);
            }
            sentAt[size++] = nanos;
        }
    }
}
