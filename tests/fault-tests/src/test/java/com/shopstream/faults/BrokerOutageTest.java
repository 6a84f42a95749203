package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.Await;
import com.shopstream.harness.ServiceProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker goes away for 30 s in the middle of the stream and comes back on the same data. Every service stays
 * alive, turns not-ready while it cannot reach the broker (readiness, the default {@code shopstream.broker-silence}
 * of 15 s), ready again when the broker is back, and ends with the outputs of the uninterrupted run.
 */
class BrokerOutageTest {

    private static final Logger log = LoggerFactory.getLogger(BrokerOutageTest.class);
    private static final Duration OUTAGE = Duration.ofSeconds(30);

    @Test
    void servicesRideOutABrokerOutage() throws Exception {
        UninterruptedRun uninterrupted = UninterruptedRun.get();

        OutputSnapshot afterOutage;
        try (SuiteRun run = SuiteRun.start("outage")) {
            run.load(UninterruptedRun.STREAM);
            run.startAll();
            run.awaitCommitted("orders-service", "orders", 0.1);
            List<String> midStream = new ArrayList<>();
            for (String service : SuiteRun.SERVICES.keySet()) {
                SuiteRun.Committed at = run.progress(service, SuiteRun.INPUTS.get(service).get(0));
                midStream.add(service + " " + at.committed() + "/" + at.end());
            }
            SuiteRun.Committed orders = run.progress("orders-service", "orders");
            assertThat(orders.committed()).as("orders-service is mid-stream").isLessThan(orders.end());

            run.broker.stop(Duration.ofMinutes(1));
            long down = System.nanoTime();
            Await.until("every service to turn not ready", Duration.ofSeconds(90),
                    () -> run.instances().stream().noneMatch(ServiceProcess::isReady));
            long notReadyAfter = (System.nanoTime() - down) / 1_000_000;
            Await.until("the outage to last " + OUTAGE, OUTAGE.plusSeconds(5),
                    () -> System.nanoTime() - down >= OUTAGE.toNanos());
            assertThat(run.instances()).as("alive through the outage").allMatch(ServiceProcess::isAlive);

            long outage = (System.nanoTime() - down) / 1_000_000;
            run.broker.startReady();
            long up = System.nanoTime();
            Await.until("every service to be ready again", Duration.ofMinutes(3),
                    () -> run.instances().stream().allMatch(ServiceProcess::isReady));
            log.info("broker stopped with services at {}; all not ready after {} ms; broker down {} ms; all ready "
                    + "again {} ms after it was back", midStream, notReadyAfter, outage,
                    (System.nanoTime() - up) / 1_000_000);

            run.finish(UninterruptedRun.STREAM);
            assertThat(run.instances()).as("no service restarted: the same processes").allMatch(ServiceProcess::isAlive);
            afterOutage = OutputSnapshot.of(run);
        }

        afterOutage.assertSameAs(uninterrupted.outputs, "after the outage");
    }
}
