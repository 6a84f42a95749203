package com.shopstream.eventtime;

import java.util.ArrayDeque;

/**
 * Holds the part of a frontier's advance that leans on other readers' idle declarations until the end offsets those
 * declarations are checked against come from a read begun after the advance was wanted.
 *
 * <p>Why: end offsets are read in the background, every so often. A record written to an idle partition just before
 * the records that move the other partitions on would otherwise be checked against an end offset read before it
 * landed; the partition would still count as idle, and the windows the record belongs to would close without it
 * (its reader may be down and not read it for a while). A read begun after the tracker saw the records that move the
 * frontier was begun after they were written, and so after every record written before them.
 *
 * <p>Reads are numbered as they begin ({@link InputClocks.EndOffsets#begun()}); each wanted advance is kept with the
 * number of reads begun when it was wanted, and released by the answer of any read numbered higher. No Kafka in
 * here; at most one entry per read begun while an advance waits.
 */
final class IdleAdvanceGate {

    private final ArrayDeque<Wanted> waiting = new ArrayDeque<>();
    private long released = InputClocks.NONE;

    /** The frontier is wanted at {@code target}, when {@code begun} reads of the end offsets had begun. */
    void want(long begun, long target) {
        Wanted last = waiting.peekLast();
        if (last != null && last.begun == begun) {
            last.target = Math.max(last.target, target);
        } else if (target > released && (last == null || target > last.target)) {
            // a lower target wanted later is covered by the release of the higher one before it
            waiting.addLast(new Wanted(begun, target));
        }
    }

    /**
     * How far answers up to the read numbered {@code answered} let the frontier go: the highest target wanted before
     * that read began, {@link InputClocks#NONE} while none was.
     */
    long releasedBy(long answered) {
        while (!waiting.isEmpty() && waiting.peekFirst().begun < answered) {
            released = Math.max(released, waiting.pollFirst().target);
        }
        return released;
    }

    /**
     * Forgets what waits and what was released: the idle declarations they leaned on changed, and a release is only
     * good for the declarations of its read.
     */
    void reset() {
        waiting.clear();
        released = InputClocks.NONE;
    }

    /** What was released and not reached (something else held) is not kept for later. */
    void reached(long frontier) {
        released = Math.min(released, frontier);
    }

    /** Whether an advance is still waiting for a fresher read. */
    boolean waiting() {
        return !waiting.isEmpty();
    }

    private static final class Wanted {
        final long begun;
        long target;

        Wanted(long begun, long target) {
            this.begun = begun;
            this.target = target;
        }
    }
}
