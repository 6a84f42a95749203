package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.faults.NodeFaults.Fault;
import com.shopstream.harness.ServiceProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker failure matrix: every {@link FailureCase} on a 3-node cluster (every topic 3 copies,
 * {@code min.insync.replicas=2}) under live traffic (the stream below in slices, one a second, and signed payments
 * on payments-service's HTTP edge), each case on a fresh cluster and services, compared with one undisturbed run of
 * the same stream: every append topic (read_committed) the same multiset, the same late and dead-letter records, and
 * every input record accounted for ({@link RecordAccounting}). The rounds run the whole matrix again; each round's
 * table goes to {@code target/failure-matrix.md} as soon as a case ends.
 *
 * <p>A command of its own, not part of {@code mvn verify} ({@link BrokerBounceTest} runs a representative part there);
 * over an hour a round here:
 * {@code mvn -B -pl tests/fault-tests test -Dshopstream.failure-matrix=true -Dtest=FailureMatrixTest}; see the
 * module's README for the settings.
 */
@EnabledIfSystemProperty(named = "shopstream.failure-matrix", matches = "true")
class FailureMatrixTest {

    private static final Logger log = LoggerFactory.getLogger(FailureMatrixTest.class);
    static final int ORDERS = Integer.getInteger("shopstream.failure-matrix.orders", 100_000);
    private static final int ROUNDS = Integer.getInteger("shopstream.failure-matrix.rounds", 3);
    /**
     * The most the traffic lasts at its pace (the stream over this time: 166 orders a second by default), longer than
     * a case's faults have ever taken; what is left once they are done is written at once.
     */
    private static final int TRAFFIC_SECONDS = Integer.getInteger("shopstream.failure-matrix.traffic-seconds", 600);
    /** Cases whose name contains one of these (comma-separated), or all. */
    private static final List<String> ONLY = Arrays.stream(System.getProperty("shopstream.failure-matrix.cases", "")
            .split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    /** Settings every service gets besides the matrix's own (comma-separated): to try a setting against the faults. */
    private static final List<String> EXTRA = Arrays.stream(System.getProperty("shopstream.failure-matrix.settings",
            "").split(",")).map(String::strip).filter(s -> !s.isEmpty()).map(s -> "--" + s).toList();
    private static final int BROKERS = 3;
    /**
     * The most each drain after the faults may take: what the traffic did not write while they lasted is written at
     * once, and three nodes with five services on two cores drain it at a pace that varies with the machine's load.
     * A wait on a condition: only a stuck service makes it last this long.
     */
    private static final Duration DRAIN = Duration.ofMinutes(15);
    private static final Path TABLE = Path.of("target", "failure-matrix.md");
    /** How much of a failure's message the log and the verdict carry (see {@link #shortened}). */
    static final int MESSAGE_CHARS = 4_000;

    /** 100 ms of event time between orders: 100,000 orders are 2.8 hours of it, thousands of windows and sessions. */
    static final ShopStream STREAM = ShopStream.generate(
            UninterruptedRun.settings(21, ORDERS, Duration.ofMillis(100)), 8);
    /** Inside the stream's event time: the edge's payments move no partition's clock past the stream's. */
    private static final String EDGE_PAID_TS = Instant.ofEpochMilli(STREAM.lastEventTime)
            .minus(Duration.ofMinutes(30)).toString();

    @Test
    void noFaultLosesOrDoublesARecordOrChangesAnOutput() throws Exception {
        List<FailureCase> cases = Arrays.stream(FailureCase.values())
                .filter(c -> ONLY.isEmpty() || ONLY.stream().anyMatch(c.name()::contains)).toList();
        long started = System.nanoTime();
        OutputSnapshot reference = reference();
        log.info("reference run: {} s; late {}; dead letters {}", (System.nanoTime() - started) / 1_000_000_000,
                reference.lateCounts(), reference.deadLetterCounts());
        List<List<MatrixRow>> rounds = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            List<MatrixRow> rows = new ArrayList<>();
            rounds.add(rows);
            for (FailureCase failure : cases) {
                long caseStarted = System.nanoTime();
                MatrixRow row = run(failure, reference);
                rows.add(row);
                log.info("round {}, {} in {} s: {}", round, failure, (System.nanoTime() - caseStarted) / 1_000_000_000,
                        row.markdown());
                writeTables(rounds);
            }
        }
        assertThat(rounds.stream().flatMap(List::stream).filter(row -> !row.passed()).map(row -> row.label() + ": "
                + row.failure() + "; " + row.accounting()).toList()).as("failed cases").isEmpty();
    }

    /**
     * A failure's message for the log and the test's verdict, at most {@link #MESSAGE_CHARS} long; the whole text
     * goes to a file. A whole stream's worth of differing rows (73 MB once) overflowed Surefire's event encoder
     * ({@code capacity < 0}), which then reported no test run and a successful build for a failed matrix.
     */
    private static String shortened(FailureCase failure, String message) {
        if (message == null || message.length() <= MESSAGE_CHARS) {
            return message;
        }
        Path whole = Path.of("target", "failure-matrix-" + failure.name().toLowerCase(java.util.Locale.ROOT) + "-"
                + System.currentTimeMillis() + ".txt");
        try {
            Files.createDirectories(whole.getParent());
            Files.writeString(whole, message, StandardCharsets.UTF_8);
        } catch (IOException e) {
            log.warn("could not write {}", whole, e);
        }
        return message.substring(0, MESSAGE_CHARS) + "… (" + message.length() + " characters; all of it in " + whole
                + ")";
    }

    /** The stream through the undisturbed services, written up front to a single broker, on the same settings. */
    private static OutputSnapshot reference() throws Exception {
        try (SuiteRun run = SuiteRun.start("matrix-reference", SuiteRun.PARTITIONS)) {
            run.load(STREAM);
            startServices(run);
            run.finish(STREAM);
            return OutputSnapshot.of(run);
        }
    }

    private static MatrixRow run(FailureCase failure, OutputSnapshot reference) throws Exception {
        List<Fault> faults = new ArrayList<>();
        PaymentsEdgeTraffic edge = null;
        try (SuiteRun run = SuiteRun.start("matrix-" + failure.name().toLowerCase(), SuiteRun.PARTITIONS, BROKERS);
             Admin admin = run.topics.admin()) {
            startServices(run);
            AtomicBoolean faultsDone = new AtomicBoolean();
            CompletableFuture<Void> traffic = run.loadLive(STREAM, 0, 1, TRAFFIC_SECONDS, Duration.ofSeconds(1),
                    faultsDone::get);
            edge = PaymentsEdgeTraffic.start(run.instance("payments-service"), EDGE_PAID_TS);
            run.awaitCommitted("orders-service", "orders", 0.01);
            failure.inject(new NodeFaults(run, admin), traffic, faults);
            faultsDone.set(true);
            traffic.get(10, TimeUnit.MINUTES);
            edge.close();
            run.finish(STREAM, SuiteRun.INPUTS, DRAIN);
            List<String> dead = run.instances().stream().filter(p -> !p.isAlive()).map(ServiceProcess::name)
                    .toList();
            OutputSnapshot outputs = OutputSnapshot.of(run);
            RecordAccounting accounting = RecordAccounting.of(STREAM, SuiteRun.PARTITIONS, outputs,
                    edge.acknowledged());
            String differs = null;
            try {
                assertThat(dead).as("services that died").isEmpty();
                assertThat(edge.unexpected()).as("answers of the edge other than 202 or 503").isEmpty();
                assertThat(outputs.rows("payments-out").stream().filter(PaymentsEdgeTraffic::isEdgePayment)
                        .map(PaymentsEdgeTraffic::paymentId).toList())
                        .as("each payment the edge acknowledged, once").containsExactlyInAnyOrderElementsOf(
                                PaymentsEdgeTraffic.ids(edge.acknowledged()));
                // the edge's payments have no orders: the join reports each unmatched, as many as this case sent
                outputs.withoutRows("payments-out", PaymentsEdgeTraffic::isEdgePayment)
                        .withoutRows("payments-unmatched", PaymentsEdgeTraffic::isEdgePayment)
                        .assertSameAs(reference, "after " + failure.label());
            } catch (AssertionError e) {
                differs = shortened(failure, e.getMessage());
                log.error("{}: {}", failure.label(), differs);
            }
            return new MatrixRow(failure.label(), faults, accounting, edge.answers(), differs);
        } catch (Exception | AssertionError e) {
            log.error("{} did not finish", failure.label(), e);
            return new MatrixRow(failure.label(), faults, null, edge == null ? Map.of() : edge.answers(),
                    shortened(failure, "did not finish: " + e));
        } finally {
            if (edge != null) {
                edge.abandon();
            }
        }
    }

    private static void startServices(SuiteRun run) {
        for (String module : SuiteRun.SERVICES.keySet()) {
            List<String> settings = new ArrayList<>(BrokerBounceTest.NOT_IDLE);
            settings.addAll(EXTRA);
            if (module.equals("payments-service")) {
                settings.addAll(PaymentsEdgeTraffic.SETTINGS);
            }
            run.startService(module, module, settings);
        }
        run.instances().forEach(p -> p.awaitReady(Duration.ofMinutes(3)));
    }

    private static void writeTables(List<List<MatrixRow>> rounds) throws IOException {
        StringBuilder text = new StringBuilder("# Failure matrix, " + Instant.now() + "\n\n" + STREAM.orders().size()
                + " order records (" + ORDERS + " orders), live at " + ORDERS / TRAFFIC_SECONDS
                + " orders/s while the faults last, " + BROKERS + " nodes" + (EXTRA.isEmpty() ? "" : ", services with "
                + EXTRA) + "\n");
        for (int round = 0; round < rounds.size(); round++) {
            text.append("\n## Round ").append(round + 1).append("\n\n").append(MatrixRow.HEADER).append('\n');
            rounds.get(round).forEach(row -> text.append(row.markdown()).append('\n'));
            rounds.get(round).stream().filter(row -> row.failure() != null).forEach(row -> text.append("\n")
                    .append(row.label()).append(": ").append(row.failure(), 0, Math.min(4000, row.failure().length()))
                    .append('\n'));
            rounds.get(round).forEach(row -> row.faults().forEach(f -> text.append("\n- ").append(f.what())));
            text.append('\n');
        }
        Files.createDirectories(TABLE.getParent());
        Files.writeString(TABLE, text);
    }
}
