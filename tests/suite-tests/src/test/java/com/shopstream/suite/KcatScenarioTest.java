package com.shopstream.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.shopstream.common.testing.PartitionKeys;
import com.shopstream.scenario.ScenarioEvent;
import com.shopstream.scenario.ShopScenario;
import com.shopstream.simulator.ConsumerLag;
import com.shopstream.simulator.ReplayCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The shop scenario written by a real non-Java client: kcat (librdkafka, the library under the Python, Go, .NET and C
 * clients) with its default partitioner ({@code consistent_random}: CRC32 of the key), into 3-partition topics,
 * orders to {@code orders} and payments to {@code payments-raw} (through payments-service, which writes
 * {@code payments} with Kafka's Java default). An order and its payment then sit in different partition numbers;
 * every output topic must still end as the contract says, checked by the simulator's {@code verify} against the
 * scenario's expectations. Each record is sent once the services have processed the one before (as
 * {@code replay --settle} does), and the check waits until every partition has gone idle (2 s here), which lets the
 * last watermarks through. Skipped where kcat is not installed; {@code .ci/run} installs it.
 */
class KcatScenarioTest {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(KcatScenarioTest.class);

    private static final Path KCAT = Path.of("/usr/bin/kcat");

    @Test
    void theShopScenarioProducedByKcatEndsAsTheContractSays() throws Exception {
        assumeTrue(Files.isExecutable(KCAT), "kcat is not installed (apt-get install kcat)");
        assertThat(crc32Partition("110", 3)).as("librdkafka puts order 110 elsewhere than payments-service its payment")
                .isNotEqualTo(PartitionKeys.partitionOf("110", 3));

        try (InProcessSuite suite = InProcessSuite.start(3, "--shopstream.watermark.idle-timeout=2s");
             Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, suite.bootstrap()))) {
            ConsumerLag lag = new ConsumerLag(admin, ReplayCommand.SERVICE_INPUTS);
            for (ScenarioEvent event : ShopScenario.shop().events()) {
                String topic = event.isOrder() ? "orders" : "payments-raw";
                kcat(suite.bootstrap(), topic, event.key() + "|" + event.json());
                Awaitility.await("seq " + event.seq() + " processed by every service").atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(100)).until(() -> lag.total() == 0);
            }
            InProcessSuite.Outcome[] verify = new InProcessSuite.Outcome[1];
            Awaitility.await("every output topic to agree with the contract").atMost(Duration.ofSeconds(90))
                    .pollInterval(Duration.ofSeconds(2)).until(() -> {
                        verify[0] = suite.simulator("verify", "--timeout", "5s");
                        return verify[0].exitCode() == 0;
                    });
            log.info("{}", verify[0].output());
            assertThat(verify[0].output()).contains("PASS: 14 of 14 topics agree");
        }
    }

    /** One record through kcat's producer ({@code -K'|'}: key and value on one line), as a shell user sends it. */
    private static void kcat(String bootstrap, String topic, String line) throws IOException, InterruptedException {
        Process kcat = new ProcessBuilder(KCAT.toString(), "-P", "-b", bootstrap, "-t", topic, "-K", "|")
                .redirectErrorStream(true).start();
        kcat.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
        kcat.getOutputStream().close();
        String output = new String(kcat.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(kcat.waitFor(30, TimeUnit.SECONDS)).as("kcat done").isTrue();
        assertThat(kcat.exitValue()).as("kcat: " + output).isZero();
    }

    /** librdkafka's {@code consistent_random} for a keyed record. */
    private static int crc32Partition(String key, int partitions) {
        CRC32 crc = new CRC32();
        crc.update(key.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % partitions);
    }
}
