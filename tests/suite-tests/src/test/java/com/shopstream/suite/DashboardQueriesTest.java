package com.shopstream.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The Grafana dashboard of {@code deploy/} against a real Prometheus (Debian's {@code prometheus}) scraping the five
 * services after the shop scenario (and one unreadable order, so that the dead-letter meters exist): every PromQL
 * expression of the dashboard must parse and return at least one series — the simulator's {@code dashboards}
 * command, as a user runs it against a demo. Skipped where Prometheus is not installed; {@code .ci/run} installs it.
 */
class DashboardQueriesTest {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(DashboardQueriesTest.class);

    private static final Path PROMETHEUS = Path.of("/usr/bin/prometheus");
    private static final Path DASHBOARD = Path.of(System.getProperty("shopstream.root", ".."))
            .resolve("deploy/grafana/dashboards/shopstream.json");

    @Test
    void everyDashboardQueryReturnsSeries() throws Exception {
        assumeTrue(Files.isExecutable(PROMETHEUS), "Prometheus is not installed (apt-get install prometheus)");
        try (InProcessSuite suite = InProcessSuite.start(1, "--shopstream.progress-interval=1s")) {
            assertThat(suite.simulator("replay", "--settle").exitCode()).isZero();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, suite.bootstrap()), new StringSerializer(),
                    new StringSerializer())) {
                producer.send(new ProducerRecord<>("orders", "1", "not json"));
            }

            InProcessSuite.Outcome dashboards = suite.simulator("dashboards", "--prometheus", PROMETHEUS.toString(),
                    "--targets", String.join(",", suite.targets()), "--dashboard", DASHBOARD.toString(),
                    "--timeout", "90s");

            log.info("{}", dashboards.output());
            assertThat(dashboards.exitCode()).as(dashboards.output()).isZero();
            assertThat(dashboards.output()).contains("PASS: ").doesNotContain("FAIL");
        }
    }
}
