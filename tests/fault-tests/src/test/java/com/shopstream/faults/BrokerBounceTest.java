package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.KafkaNode;
import com.shopstream.harness.ServiceProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The suite on a replicated cluster (3 nodes, every topic with 3 copies, {@code min.insync.replicas=2}) while nodes
 * fail under live traffic: the stream of {@link UninterruptedRun} is written in slices while partition leaders are
 * stopped cleanly or killed, the second once the first node has caught up again. Once the traffic has ended and everything is
 * final, every append topic (read_committed) holds the rows of the undisturbed run, none twice and none missing, with
 * the same late and dead-letter counts: no record lost or doubled by a leader that moved in the middle of a
 * transaction.
 *
 * <p>The services run with an idle timeout longer than any stall here ({@link #NOT_IDLE}). With the default 30 s, a
 * broker fault that stalls the shop's producer on one partition for that long while the others are caught up makes
 * every partition idle, as the contract's idle rule says, and the stalled records arrive late for windows that closed
 * meanwhile (measured: thousands of records with cause {@code idle-partition}). That is the idle rule at work on a
 * silent source, not a broker fault; what these tests check is that the faults themselves lose and double nothing.
 */
class BrokerBounceTest {

    private static final Logger log = LoggerFactory.getLogger(BrokerBounceTest.class);
    private static final int BROKERS = 3;
    /** Slices of the stream, one a second: live traffic for a minute and a half, longer than both bounces. */
    private static final int SLICES = 90;
    private static final Duration EVERY = Duration.ofSeconds(1);
    /** Longer than any stall of a run: no partition becomes idle (see the class comment). */
    private static final List<String> NOT_IDLE = List.of("--shopstream.watermark.idle-timeout=10m");

    @Test
    void leadersStoppedCleanlyAndKilledChangeNoOutput() throws Exception {
        UninterruptedRun uninterrupted = UninterruptedRun.get();

        OutputSnapshot bounced;
        List<String> bounces = new ArrayList<>();
        try (SuiteRun run = SuiteRun.start("bounce", SuiteRun.PARTITIONS, BROKERS);
             Admin admin = run.topics.admin()) {
            run.startAll(NOT_IDLE);
            CompletableFuture<Void> traffic = run.loadLive(UninterruptedRun.STREAM, SLICES, EVERY);
            run.awaitCommitted("orders-service", "orders", 0.01);

            // the leader of an input partition, stopped cleanly: its leaderships move before it goes
            assertThat(traffic).as("traffic still flowing at the first bounce").isNotDone();
            bounces.add(bounce(admin, run, "orders", 0, false));
            ClusterLeaders.awaitAllInSync(admin);
            // the leader of a state store's changelog, killed: the transactions it led are cut off
            assertThat(traffic).as("traffic still flowing at the second bounce").isNotDone();
            bounces.add(bounce(admin, run, ClusterLeaders.internalTopic(admin, "orders-service", "-changelog"), 0,
                    true));

            traffic.get(5, TimeUnit.MINUTES);
            run.finish(UninterruptedRun.STREAM);
            assertThat(run.instances()).as("no service died").allMatch(ServiceProcess::isAlive);
            bounced = OutputSnapshot.of(run);
        }

        bounced.assertSameAs(uninterrupted.outputs, "after the bounces " + bounces);
        log.info("bounces {}: late rows {}, dead letters {}, as without them", bounces, bounced.lateCounts(),
                bounced.deadLetterCounts());
    }

    /**
     * Takes down the node that leads {@code topic}-{@code partition} now (SIGTERM or SIGKILL), waits until another
     * node leads it, and starts the node again; says what it did.
     */
    private static String bounce(Admin admin, SuiteRun run, String topic, int partition, boolean kill)
            throws Exception {
        int leader = ClusterLeaders.of(admin, topic, partition);
        KafkaNode node = run.broker.node(leader);
        long down = System.nanoTime();
        if (kill) {
            node.kill();
        } else {
            node.stop();
        }
        ClusterLeaders.awaitMovedAway(admin, topic, partition, leader);
        long moved = System.nanoTime();
        node.start();
        String what = String.format("leader of %s-%d (node %d) %s: led by another after %d ms, back after %d ms",
                topic, partition, leader, kill ? "killed" : "stopped", (moved - down) / 1_000_000,
                (System.nanoTime() - down) / 1_000_000);
        log.info(what);
        return what;
    }
}
