package com.shopstream.faults;

import com.shopstream.faults.NodeFaults.Fault;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.locks.LockSupport;

/**
 * One case of the failure matrix: what is done to the cluster while the live traffic flows. Apache Kafka's own
 * broker-bounce system test bounces the leader of a partition, clean and hard; here each kind of leader a run
 * depends on (an input partition's, a state store changelog's, a repartition topic's, the metadata quorum's), each
 * way, {@link #BOUNCES} times; then two of three nodes down for a minute (no quorum, no in-sync majority: producers
 * wait) and all three killed at once.
 */
enum FailureCase {

    ORDERS_LEADER_STOPPED(BounceTarget.leaderOf("orders"), false),
    ORDERS_LEADER_KILLED(BounceTarget.leaderOf("orders"), true),
    CHANGELOG_LEADER_STOPPED(BounceTarget.leaderOfInternal("-changelog"), false),
    CHANGELOG_LEADER_KILLED(BounceTarget.leaderOfInternal("-changelog"), true),
    REPARTITION_LEADER_STOPPED(BounceTarget.leaderOfInternal("-repartition"), false),
    REPARTITION_LEADER_KILLED(BounceTarget.leaderOfInternal("-repartition"), true),
    CONTROLLER_STOPPED(BounceTarget.activeController(), false),
    CONTROLLER_KILLED(BounceTarget.activeController(), true),
    TWO_OF_THREE_DOWN(null, true),
    ALL_THREE_KILLED(null, true);

    static final int BOUNCES = 5;
    /** The least time from one bounce to the next: the issue asks for 10 to 30 s. */
    static final Duration APART = Duration.ofSeconds(10);
    static final Duration OUTAGE = Duration.ofSeconds(60);

    private final BounceTarget target;
    private final boolean kill;

    FailureCase(BounceTarget target, boolean kill) {
        this.target = target;
        this.kill = kill;
    }

    /** What the table calls it. */
    String label() {
        return switch (this) {
            case TWO_OF_THREE_DOWN -> "2 of 3 nodes down " + OUTAGE.toSeconds() + " s";
            case ALL_THREE_KILLED -> "all 3 nodes killed -9";
            default -> target + ", " + (kill ? "kill -9" : "clean stop");
        };
    }

    /**
     * Does this case's faults, each while the traffic still flows (a fault after it would test a quiet cluster),
     * adding each to {@code done} once done: a case that fails half-way still reports the faults it did.
     */
    void inject(NodeFaults faults, CompletableFuture<Void> traffic, List<Fault> done) throws Exception {
        switch (this) {
            case TWO_OF_THREE_DOWN -> {
                requireFlowing(traffic, 0);
                done.add(faults.outage(List.of(2, 3), OUTAGE));
            }
            case ALL_THREE_KILLED -> {
                requireFlowing(traffic, 0);
                done.add(faults.outage(List.of(1, 2, 3), Duration.ZERO));
            }
            default -> {
                for (int bounce = 0; bounce < BOUNCES; bounce++) {
                    long started = System.nanoTime();
                    requireFlowing(traffic, bounce);
                    done.add(faults.bounce(target, kill));
                    // the pace of the matrix, not a wait for something to happen
                    LockSupport.parkNanos(started + APART.toNanos() - System.nanoTime());
                }
            }
        }
    }

    private void requireFlowing(CompletableFuture<Void> traffic, int bounce) {
        if (traffic.isDone()) {
            throw new IllegalStateException(label() + ": the traffic ended before fault " + (bounce + 1)
                    + "; give it more time (shopstream.failure-matrix.traffic-seconds)");
        }
    }
}
