package com.shopstream.faults;

import com.shopstream.harness.Await;
import com.shopstream.harness.KafkaNode;
import com.shopstream.simulator.ConsumerLag;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Faults on the nodes of a run's local cluster, each timed by what the services did about it: how long until every
 * service had processed (committed) everything written to its inputs and repartition topics before the fault.
 */
final class NodeFaults {

    private static final Logger log = LoggerFactory.getLogger(NodeFaults.class);
    /** Longer than any recovery seen here by far: a service that takes longer is stuck. */
    static final Duration RECOVERY = Duration.ofMinutes(5);

    /**
     * One fault done.
     *
     * @param what      what was done and how it went, for the report
     * @param recovered from the fault (for an outage: from the nodes' start) until the services had processed all that
     *                  was written before it
     */
    record Fault(String what, Duration recovered) {
    }

    private final SuiteRun run;
    private final Admin admin;
    private final ConsumerLag lag;

    NodeFaults(SuiteRun run, Admin admin) {
        this.run = run;
        this.admin = admin;
        this.lag = new ConsumerLag(admin, SuiteRun.INPUTS);
    }

    /**
     * Takes down the node that leads {@code target} now (SIGTERM, or SIGKILL with {@code kill}), waits until another
     * node leads it and the services have processed what was written before, then starts the node again and waits until
     * every partition's replicas are in sync: the next fault starts from a whole cluster.
     */
    Fault bounce(BounceTarget target, boolean kill) throws Exception {
        int leader = target.leader().of(admin);
        KafkaNode node = run.broker.node(leader);
        Map<TopicPartition, Long> written = lag.ends();
        long down = System.nanoTime();
        if (kill) {
            node.kill();
        } else {
            node.stop();
        }
        Await.untilAnswered(target + " led by another node than " + leader, Duration.ofMinutes(1),
                () -> target.leader().of(admin) != leader);
        long moved = System.nanoTime();
        Duration recovered = awaitProcessed(written, down);
        node.start();
        ClusterLeaders.awaitAllInSync(admin);
        return done(String.format("%s (node %d) %s: led by another after %d ms, processed after %d ms, in sync after"
                        + " %d ms", target, leader, kill ? "killed" : "stopped", millis(moved - down),
                recovered.toMillis(), millis(System.nanoTime() - down)), recovered);
    }

    /**
     * Takes {@code nodes} down together (SIGKILL), keeps them down for {@code down}, starts them again together and
     * waits until the services have processed all that was written by the time the cluster answered again.
     */
    Fault outage(List<Integer> nodes, Duration down) throws Exception {
        List<KafkaNode> victims = nodes.stream().map(run.broker::node).toList();
        long start = System.nanoTime();
        victims.forEach(KafkaNode::kill);
        // the fault itself lasts this long: a pace, not a wait for something to happen
        long back = start + down.toNanos();
        while (System.nanoTime() < back) {
            LockSupport.parkNanos(back - System.nanoTime());
        }
        long restart = System.nanoTime();
        CompletableFuture.allOf(victims.stream().map(node -> CompletableFuture.runAsync(node::start))
                .toArray(CompletableFuture[]::new)).get();
        long started = System.nanoTime();
        AtomicReference<Map<TopicPartition, Long>> written = new AtomicReference<>();
        Await.untilAnswered("the cluster to give its end offsets", RECOVERY, () -> {
            written.set(lag.ends());
            return true;
        });
        Duration recovered = awaitProcessed(written.get(), restart);
        ClusterLeaders.awaitAllInSync(admin);
        return done(String.format("nodes %s killed for %d s: started again in %d ms, processed %d ms after their"
                        + " start", nodes, millis(restart - start) / 1000, millis(started - restart),
                recovered.toMillis()), recovered);
    }

    private Duration awaitProcessed(Map<TopicPartition, Long> written, long since) {
        Await.untilAnswered("every service to process what was written before the fault", RECOVERY,
                () -> lag.behind(written) == 0);
        return Duration.ofNanos(System.nanoTime() - since);
    }

    private static Fault done(String what, Duration recovered) {
        log.info(what);
        return new Fault(what, recovered);
    }

    private static long millis(long nanos) {
        return nanos / 1_000_000;
    }
}
