package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.faults.NodeFaults.Fault;
import com.shopstream.harness.ServiceProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The suite on a replicated cluster (3 nodes, every topic with 3 copies, {@code min.insync.replicas=2}) while nodes
 * fail under live traffic: the stream of {@link UninterruptedRun} is written in slices while partition leaders are
 * stopped cleanly or killed, then two of the three nodes are killed for a minute, each fault once the cluster is whole
 * again. The part of the {@link FailureMatrixTest failure matrix} that {@code mvn verify} runs. Once the traffic has ended and everything is
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
    /**
     * Slices of the stream, one a second while the faults last, the rest at once after them: at most five minutes of
     * traffic, longer than the three faults have ever taken.
     */
    private static final int SLICES = 300;
    private static final Duration EVERY = Duration.ofSeconds(1);
    /** Longer than any stall of a run: no partition becomes idle (see the class comment). */
    static final List<String> NOT_IDLE = List.of("--shopstream.watermark.idle-timeout=10m");

    @Test
    void leadersStoppedAndKilledAndAMajorityDownChangeNoOutput() throws Exception {
        UninterruptedRun uninterrupted = UninterruptedRun.get();

        OutputSnapshot bounced;
        List<Fault> faults = new ArrayList<>();
        try (SuiteRun run = SuiteRun.start("bounce", SuiteRun.PARTITIONS, BROKERS);
             Admin admin = run.topics.admin()) {
            run.startAll(NOT_IDLE);
            AtomicBoolean faultsDone = new AtomicBoolean();
            CompletableFuture<Void> traffic = run.loadLive(UninterruptedRun.STREAM, 0, 1, SLICES, EVERY,
                    faultsDone::get);
            run.awaitCommitted("orders-service", "orders", 0.01);
            NodeFaults nodes = new NodeFaults(run, admin);

            // the leader of an input partition, stopped cleanly: its leaderships move before it goes
            assertThat(traffic).as("traffic still flowing at the first bounce").isNotDone();
            faults.add(nodes.bounce(BounceTarget.leaderOf("orders"), false));
            // the leader of a state store's changelog, killed: the transactions it led are cut off
            assertThat(traffic).as("traffic still flowing at the second bounce").isNotDone();
            faults.add(nodes.bounce(BounceTarget.leaderOfInternal("-changelog"), true));
            // a majority gone: no quorum, and no partition has the two in-sync copies a write needs
            assertThat(traffic).as("traffic still flowing at the outage").isNotDone();
            faults.add(nodes.outage(List.of(2, 3), FailureCase.OUTAGE));
            faultsDone.set(true);

            traffic.get(5, TimeUnit.MINUTES);
            run.finish(UninterruptedRun.STREAM);
            assertThat(run.instances()).as("no service died").allMatch(ServiceProcess::isAlive);
            bounced = OutputSnapshot.of(run);
        }

        List<String> done = faults.stream().map(Fault::what).toList();
        bounced.assertSameAs(uninterrupted.outputs, "after " + done);
        log.info("{}: late rows {}, dead letters {}, as without them", done, bounced.lateCounts(),
                bounced.deadLetterCounts());
    }
}
