package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.Await;
import com.shopstream.harness.ServiceProcess;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Two instances of orders-service and of join-service, each pair one consumer group with a standby replica of every
 * task. Mid-stream, the instance running the query's stateful task stops (SIGTERM, or SIGKILL); the other takes its
 * tasks over, and the outputs equal the uninterrupted run's.
 */
class RebalanceTest {

    private static final Logger log = LoggerFactory.getLogger(RebalanceTest.class);

    private static final Map<String, String> QUERY = new LinkedHashMap<>();

    static {
        QUERY.put("orders-service", "orders-per-5m");
        QUERY.put("join-service", "order-payment-join");
    }

    private static final List<String> TOPICS = List.of("orders-per-5m-final", "orders-per-10m-every-5m-final",
            "orders-paid", "orders-payment-status");
    private static final List<String> SETTINGS = List.of(
            "--spring.kafka.streams.properties.num.standby.replicas=1",
            // a killed instance leaves no goodbye: the group notices it after the session timeout
            "--spring.kafka.streams.properties.session.timeout.ms=10000");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"SIGTERM", "SIGKILL"})
    void theSurvivorTakesOverAndNothingChanges(String signal) throws Exception {
        UninterruptedRun uninterrupted = UninterruptedRun.get();
        Map<String, List<String>> inputs = new LinkedHashMap<>();
        QUERY.keySet().forEach(s -> inputs.put(s, SuiteRun.INPUTS.get(s)));

        OutputSnapshot rebalanced;
        try (SuiteRun run = SuiteRun.start("rebalance-" + signal, 1)) {
            run.load(UninterruptedRun.STREAM);
            for (String service : QUERY.keySet()) {
                run.startService(service, service + "-a", SETTINGS);
                run.startService(service, service + "-b", SETTINGS);
            }
            for (String service : QUERY.keySet()) {
                run.instance(service + "-a").awaitReady(Duration.ofMinutes(3));
                run.instance(service + "-b").awaitReady(Duration.ofMinutes(3));
            }
            for (String service : QUERY.keySet()) {
                Await.until(service + " to commit a tenth of orders", SuiteRun.DRAIN, () -> {
                    long[] progress = run.progress(service, "orders");
                    return progress[0] * 10 >= progress[1];
                });
                ServiceProcess stopped = runningTheQuery(run, service);
                ServiceProcess survivor = run.instance(stopped.name().endsWith("-a") ? service + "-b" : service + "-a");
                Set<String> tasks = ServiceProgress.of(stopped).tasksOf(QUERY.get(service));
                assertThat(tasks).as(stopped.name() + " runs the query").isNotEmpty();
                long[] at = run.progress(service, "orders");
                assertThat(at[0]).as(service + " stopped before the end of its input").isLessThan(at[1]);
                long stopping = System.nanoTime();
                if (signal.equals("SIGKILL")) {
                    stopped.kill();
                } else {
                    stopped.stop(Duration.ofMinutes(1));
                }
                run.awaitDrained(Map.of(service, SuiteRun.INPUTS.get(service)), SuiteRun.DRAIN);
                log.info("{}: {} got {} at committed offset {} of {}; {} drained the rest {} ms later", service,
                        stopped.name(), signal, at[0], at[1], survivor.name(),
                        (System.nanoTime() - stopping) / 1_000_000);
                assertThat(ServiceProgress.of(survivor).tasksOf(QUERY.get(service)))
                        .as(survivor.name() + " runs the tasks " + stopped.name() + " ran").containsAll(tasks);
                assertThat(survivor.isReady()).isTrue();
            }
            run.finish(UninterruptedRun.STREAM, inputs);
            rebalanced = OutputSnapshot.of(run);
        }

        assertThat(rebalanced.appendRows(TOPICS)).isEqualTo(uninterrupted.outputs.appendRows(TOPICS));
        for (String topic : List.of("orders-per-5m-final", "orders-per-10m-every-5m-final")) {
            assertThat(rebalanced.repeatedKeys(topic)).as(topic + ": final rows written twice").isEmpty();
        }
        for (String service : QUERY.keySet()) {
            assertThat(rebalanced.lateCounts().get(service + "-late"))
                    .isEqualTo(uninterrupted.outputs.lateCounts().get(service + "-late"));
            assertThat(rebalanced.deadLetterCounts().get(service + "-dlq"))
                    .isEqualTo(uninterrupted.outputs.deadLetterCounts().get(service + "-dlq"));
        }
        TOPICS.forEach(t -> log.info("{} after {}: {} rows, as uninterrupted", t, signal,
                rebalanced.appendRowCount(t)));
    }

    /** The instance whose progress shows the query's tasks: stopping it moves state, not just a standby. */
    private static ServiceProcess runningTheQuery(SuiteRun run, String service) {
        ServiceProcess a = run.instance(service + "-a");
        return ServiceProgress.of(a).tasksOf(QUERY.get(service)).isEmpty() ? run.instance(service + "-b") : a;
    }
}
