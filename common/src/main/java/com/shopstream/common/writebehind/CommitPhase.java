package com.shopstream.common.writebehind;

/**
 * Whether what a processor holds for its task's next commit (update rows, a repartition's batches) should be written
 * now: once the commit is due within one tick, judged from the last commit the processor saw.
 *
 * <p>Why: what a processor writes between two commits becomes visible to a {@code read_committed} reader only at the
 * second, so holding it until just before then costs no latency and coalesces a whole commit interval. Written on a
 * timer of its own instead, out of step with the commits, a row waits for the timer and then for the commit: up to
 * two intervals, and at each hop of a pipeline of several. Kafka Streams commits a thread's tasks once a commit
 * interval has passed since its last commit, checking right after the loop's punctuations; so a punctuation that
 * writes at most a tick before that time puts what it writes into that commit.
 *
 * <p>The rule errs towards writing: before any commit was seen, when the clock went back, when no commit came for a
 * whole interval (nothing changed then, so the last one seen is old), and when {@code maxWait} passed since the last
 * write or the first ask (a long commit interval: at-least-once commits every 30 s), it says "now". Writing too early only makes what
 * comes after wait for the next commit, as it would without this class.
 */
final class CommitPhase {

    private static final long NONE = Long.MIN_VALUE;

    private final long interval;
    private final long tick;
    private final long maxWait;
    private long lastCommit = NONE;
    private long lastWrite = NONE;

    /**
     * @param interval the task's commit interval (ms)
     * @param tick     how often the processor asks (ms): what it holds goes at the first tick within this of the commit
     * @param maxWait  the longest time (ms) between two writes, whatever the commits
     */
    CommitPhase(long interval, long tick, long maxWait) {
        if (interval <= 0 || tick <= 0 || maxWait <= 0) {
            throw new IllegalArgumentException("the commit interval, tick and longest wait must be positive: "
                    + interval + ", " + tick + ", " + maxWait);
        }
        this.interval = interval;
        this.tick = tick;
        this.maxWait = maxWait;
    }

    /** The task committed at {@code now} (ms, wall clock). */
    void committed(long now) {
        lastCommit = now;
    }

    /**
     * Whether to write at {@code now}; if so, the caller writes, and the next wait counts from now (the first wait
     * from the first ask).
     */
    boolean writeNow(long now) {
        if (lastWrite == NONE) {
            lastWrite = now;
        }
        boolean due = lastCommit == NONE || now < lastCommit || now - lastCommit >= interval - tick
                || now < lastWrite || now - lastWrite >= maxWait;
        if (due) {
            lastWrite = now;
        }
        return due;
    }
}
