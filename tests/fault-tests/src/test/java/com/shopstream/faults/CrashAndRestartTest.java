package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Exactly once through crashes: the stream of {@link UninterruptedRun} (15,000 orders with disorder, duplicates, late
 * orders, payments and malformed records) in 3-partition topics, with every service killed with SIGKILL in the
 * middle and restarted. Every append topic ends with the same rows as without crashes, none twice, none missing; late
 * and dead-letter counts are the same.
 */
class CrashAndRestartTest {

    private static final Logger log = LoggerFactory.getLogger(CrashAndRestartTest.class);
    private static final Duration READY = Duration.ofMinutes(3);

    @Test
    void killingEveryServiceMidStreamChangesNoAppendOutput() throws Exception {
        UninterruptedRun uninterrupted = UninterruptedRun.get();

        OutputSnapshot crashed;
        List<String> killedAt = new ArrayList<>();
        try (SuiteRun run = SuiteRun.start("crashed")) {
            run.load(UninterruptedRun.STREAM);
            // one service at a time, so that each is caught in the middle of its input however fast it is
            for (String service : SuiteRun.SERVICES.keySet()) {
                String input = SuiteRun.INPUTS.get(service).get(0);
                run.startService(service, service, List.of()).awaitReady(READY);
                run.awaitCommitted(service, input, 0.1);
                run.instance(service).kill();
                SuiteRun.Committed at = run.progress(service, input);
                killedAt.add(service + " at " + at.committed() + "/" + at.end());
                assertThat(at.committed()).as(service + " killed before the end of its input").isLessThan(at.end());
                long restarting = System.nanoTime();
                run.restart(service).awaitReady(READY);
                log.info("{} killed at committed offsets {} of {}; ready again after {} ms", service, at.committed(),
                        at.end(), (System.nanoTime() - restarting) / 1_000_000);
            }
            run.finish(UninterruptedRun.STREAM);
            crashed = OutputSnapshot.of(run);
        }

        crashed.assertSameAs(uninterrupted.outputs, "after the crashes " + killedAt);
        log.info("late rows {}, dead letters {}: as without crashes", crashed.lateCounts(), crashed.deadLetterCounts());
    }
}
