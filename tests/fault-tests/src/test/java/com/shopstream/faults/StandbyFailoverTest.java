package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.Await;
import com.shopstream.harness.ServiceProcess;
import com.shopstream.simulator.ConsumerLag;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Failover of the stateful services: two instances of each, one consumer group per service, with the state of most of
 * a 100,000-order stream; while the rest of it flows live, one instance of each is killed with SIGKILL, all at once.
 * Measured per service: the time from the kill until the group has processed records written after it (which only
 * a task running again can), once with a standby replica of every task ({@code num.standby.replicas=1}: the
 * survivor has the state already) and once without (it restores the state from the changelogs). The group notices a killed member after the session timeout,
 * 6 s here (the broker's least); with static membership (the chart's production values) that is the timeout a
 * restarted pod has to come back in, 60 s there.
 *
 * <p>Part of the failure matrix's command, not of {@code mvn verify}; see the module's README.
 */
@EnabledIfSystemProperty(named = "shopstream.failure-matrix", matches = "true")
class StandbyFailoverTest {

    private static final Logger log = LoggerFactory.getLogger(StandbyFailoverTest.class);
    private static final int ORDERS = FailureMatrixTest.ORDERS;
    private static final List<String> STATEFUL = List.of("orders-service", "session-service", "join-service",
            "dedup-service");
    /** The part of the stream in the services' state before the kill; the rest flows live around it. */
    private static final double BEFORE = 0.8;
    /** The matrix's stream: one generated per JVM, whichever test runs first. */
    private static final ShopStream STREAM = FailureMatrixTest.STREAM;
    /** What the figures are held against in the report: a take-over within this is a fast one. */
    private static final Duration AIM = Duration.ofSeconds(10);
    private static final Path REPORT = Path.of("target", "standby-failover.md");

    /**
     * Fails if a survivor does not take over at all (within {@link NodeFaults#RECOVERY}) or dies; the times go to the
     * log and to {@code target/standby-failover.md}, held against {@link #AIM}.
     */
    @Test
    void theSurvivorTakesOverTheKilledInstancesTasks() throws Exception {
        Map<String, Duration> withStandby = failover(1);
        Map<String, Duration> withoutStandby = failover(0);
        StringBuilder report = new StringBuilder("# Standby failover, " + Instant.now() + "\n\n" + ORDERS
                + " orders, " + (int) (BEFORE * 100) + " % of them in the state before the kill\n\n"
                + "| service | standby replicas 1 (s) | standby replicas 0 (s) |\n|---|---:|---:|\n");
        STATEFUL.forEach(service -> report.append(String.format("| %s | %.1f | %.1f |%n", service,
                withStandby.get(service).toMillis() / 1000.0, withoutStandby.get(service).toMillis() / 1000.0)));
        Files.createDirectories(REPORT.getParent());
        Files.writeString(REPORT, report);
        log.info("time from SIGKILL until the records written after it were processed, aimed under {}: with a"
                + " standby {}, without one {}", AIM, withStandby, withoutStandby);
    }

    /** Per stateful service, the time from the kill until its group had processed records written after it. */
    private static Map<String, Duration> failover(int standbys) throws Exception {
        List<String> settings = new ArrayList<>(BrokerBounceTest.NOT_IDLE);
        settings.addAll(List.of("--spring.kafka.streams.properties.num.standby.replicas=" + standbys,
                "--spring.kafka.streams.properties.session.timeout.ms=6000",
                "--spring.kafka.streams.properties.heartbeat.interval.ms=1500"));
        try (SuiteRun run = SuiteRun.start("standby-" + standbys, SuiteRun.PARTITIONS);
             Admin admin = run.topics.admin()) {
            run.load(STREAM, 0, BEFORE);
            for (String service : STATEFUL) {
                run.startService(service, service + "-a", settings);
                run.startService(service, service + "-b", settings);
            }
            run.instances().forEach(p -> p.awaitReady(Duration.ofMinutes(3)));
            Map<String, List<String>> inputs = new LinkedHashMap<>();
            STATEFUL.forEach(service -> inputs.put(service, SuiteRun.INPUTS.get(service)));
            run.awaitDrained(inputs, SuiteRun.DRAIN);

            AtomicBoolean tookOver = new AtomicBoolean();
            CompletableFuture<Void> traffic = run.loadLive(STREAM, BEFORE, 1, 120, Duration.ofSeconds(1),
                    tookOver::get);
            Map<String, ConsumerLag> lags = new LinkedHashMap<>();
            STATEFUL.forEach(service -> lags.put(service,
                    new ConsumerLag(admin, Map.of(service, SuiteRun.INPUTS.get(service)))));
            long killed = System.nanoTime();
            STATEFUL.forEach(service -> run.instance(service + "-a").kill());
            Map<String, Map<TopicPartition, Long>> atKill = new LinkedHashMap<>();
            for (String service : STATEFUL) {
                atKill.put(service, lags.get(service).ends());
            }
            // Marks past the kill: records the traffic wrote to every input partition after it, which only a task
            // running again can process. What was written before may all be committed already by the killed one
            // (it commits every 100 ms), and reaching it would time nothing.
            Map<String, Map<TopicPartition, Long>> written = new LinkedHashMap<>();
            Await.untilAnswered("the traffic to write to every input partition after the kill", Duration.ofMinutes(1),
                    () -> {
                        for (String service : STATEFUL) {
                            Map<TopicPartition, Long> now = lags.get(service).ends();
                            boolean grown = atKill.get(service).entrySet().stream()
                                    .filter(p -> SuiteRun.INPUTS.get(service).contains(p.getKey().topic()))
                                    .allMatch(p -> now.get(p.getKey()) > p.getValue());
                            if (!grown) {
                                return false;
                            }
                            written.put(service, now);
                        }
                        return true;
                    });
            Map<String, Duration> took = new LinkedHashMap<>();
            Await.untilAnswered("every service's survivor to process what was written after the kill",
                    NodeFaults.RECOVERY, () -> {
                        for (String service : STATEFUL) {
                            if (!took.containsKey(service) && lags.get(service).behind(written.get(service)) == 0) {
                                took.put(service, Duration.ofNanos(System.nanoTime() - killed));
                            }
                        }
                        return took.size() == STATEFUL.size();
                    });
            assertThat(traffic).as("traffic flowing until every survivor took over").isNotDone();
            tookOver.set(true);
            traffic.get(5, TimeUnit.MINUTES);
            assertThat(STATEFUL).as("survivors alive").allMatch(s -> run.instance(s + "-b").isAlive());
            log.info("standby replicas {}: {}", standbys, took);
            return took;
        }
    }
}
