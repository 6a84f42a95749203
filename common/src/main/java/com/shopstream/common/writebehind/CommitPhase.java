package com.shopstream.common.writebehind;

/**
 * Whether what a processor holds for its task's next commit (update rows, partial sums) should be written now: once
 * the commit is due within one tick, judged from the last commit the processor saw.
 *
 * <p>Why: what a processor writes between two commits becomes visible to a {@code read_committed} reader only at the
 * second, so holding it until just before then costs no latency and coalesces a whole commit interval. Written on a
 * timer of its own instead, out of step with the commits, a row waits for the timer and then for the commit: up to
 * two intervals, and at each hop of a pipeline of several. Kafka Streams commits a thread's tasks once a commit
 * interval has passed since its last commit, checking right after the loop's punctuations; so a punctuation that
 * writes at most a tick before that time puts what it writes into that commit, and one that writes at each tick
 * after it until the commit is seen misses only what comes in the last tick.
 *
 * <p>The commit it sees is the start of one, and the next is timed from its end, so it writes at each tick for as
 * long as a commit takes: a key that changes at every tick gets a row at each. Expecting the next commit as far after
 * the last as the two before were apart would spare those rows, but a commit sooner than expected then misses all
 * that came since the last write, which measured worse (docs/benchmarks/log.md, "expecting the next commit from
 * the gap between the last two").
 *
 * <p>While the commits are not known (none seen yet, none for two intervals, or the clock went back), it is a timer:
 * "now" once an interval has passed since the last write (the first from the first ask), as on the plain path.
 *
 * <p>A commit a processor asked for ({@link #commitSoon}) comes between two of the thread's own, which stay timed from
 * the last of their own. It is asked for only in the first half of an interval, so a commit seen less than three
 * quarters of an interval after the last one is taken for an asked one and moves nothing; the thread's own are an
 * interval apart or more, seen on a clock Kafka Streams last read for the task (a few ticks old at most). Were the
 * first commit seen an asked one, the thread's next could be taken for asked too, and the one after it, more than an
 * interval after the first, would set the phase right.
 */
final class CommitPhase {

    private static final long NONE = Long.MIN_VALUE;

    private final long interval;
    private final long tick;
    private long lastCommit = NONE;
    private long lastWrite = NONE;
    /** Whether a commit was asked for since the last commit of the thread's own. */
    private boolean asked;

    /**
     * @param interval the task's commit interval (ms)
     * @param tick     how often the processor asks (ms): what it holds goes at the first tick within this of the commit
     */
    CommitPhase(long interval, long tick) {
        if (interval <= 0 || tick <= 0) {
            throw new IllegalArgumentException("the commit interval and the tick must be positive: " + interval
                    + ", " + tick);
        }
        this.interval = interval;
        this.tick = tick;
    }

    /** The task committed at {@code now} (ms, wall clock). */
    void committed(long now) {
        boolean soonerThanItsOwn = lastCommit != NONE && now >= lastCommit && now - lastCommit < interval * 3 / 4;
        if (soonerThanItsOwn) {
            // asked for, by this processor or another of the thread's: one asked commit per interval, not one each
            asked = true;
        } else {
            lastCommit = now;
            asked = false;
        }
    }

    /**
     * Whether to write at {@code now} what just came in and ask for a commit, so that a {@code read_committed} reader
     * sees it without waiting for the thread's own commit; if so, the caller writes and asks. Only in the first half
     * of an interval after the thread's own commit (in the second, that commit is as near), and not once a commit
     * was asked for since it, by this processor or another: at most one asked commit per interval for the processors
     * of a thread that see each other's, however often something comes in.
     */
    boolean commitSoon(long now) {
        if (lastCommit == NONE || now < lastCommit || now - lastCommit >= interval / 2 || asked) {
            return false;
        }
        asked = true;
        lastWrite = now;
        return true;
    }

    /** Whether to write at {@code now}; if so, the caller writes. */
    boolean writeNow(long now) {
        if (lastWrite == NONE) {
            lastWrite = now;
        }
        boolean known = lastCommit != NONE && now >= lastCommit && now - lastCommit < 2 * interval;
        boolean due = known ? now - lastCommit >= interval - tick : now < lastWrite || now - lastWrite >= interval;
        if (due) {
            lastWrite = now;
        }
        return due;
    }
}
