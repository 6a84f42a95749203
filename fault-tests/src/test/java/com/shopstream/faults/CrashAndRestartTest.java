package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.harness.Await;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Exactly once through crashes: the same generated stream (50,000 orders with disorder, duplicates, late orders,
 * payments and malformed records) in single-partition topics, once uninterrupted and once with every service killed
 * with SIGKILL in the middle and restarted. Every append topic ends with the same rows, none twice, none missing;
 * late and dead-letter counts are the same.
 */
class CrashAndRestartTest {

    private static final Duration DRAIN = Duration.ofMinutes(5);

    @Test
    void killingEveryServiceMidStreamChangesNoAppendOutput() throws Exception {
        ShopStream stream = ShopStream.generate(7, 50_000, 997);

        OutputSnapshot uninterrupted;
        try (SuiteRun run = SuiteRun.start("uninterrupted", 1)) {
            load(run, stream);
            run.startAll();
            finish(run, stream);
            uninterrupted = OutputSnapshot.of(run);
        }

        OutputSnapshot crashed;
        List<String> killedAt = new ArrayList<>();
        try (SuiteRun run = SuiteRun.start("crashed", 1)) {
            load(run, stream);
            // one service at a time, so that each is caught in the middle of its input however fast it is
            for (String service : SuiteRun.SERVICES.keySet()) {
                String input = SuiteRun.INPUTS.get(service).get(0);
                run.startService(service, service, List.of()).awaitReady(Duration.ofMinutes(3));
                Await.until(service + " to commit a tenth of " + input, DRAIN, () -> {
                    long[] progress = run.progress(service, input);
                    return progress[0] * 10 >= progress[1];
                });
                run.instance(service).kill();
                long[] at = run.progress(service, input);
                killedAt.add(service + " at " + at[0] + "/" + at[1]);
                assertThat(at[0]).as(service + " killed before the end of its input").isLessThan(at[1]);
                run.restart(service);
            }
            SuiteRun.SERVICES.keySet().forEach(s -> run.instance(s).awaitReady(Duration.ofMinutes(3)));
            finish(run, stream);
            crashed = OutputSnapshot.of(run);
        }

        for (String topic : OutputSnapshot.APPEND_TOPICS) {
            assertThat(uninterrupted.appendRowCount(topic)).as(topic + " has rows").isPositive();
            // the same multiset: no row more often (a duplicate) and none less often (a gap) than without crashes
            assertThat(crashed.appendRows().get(topic)).as(topic + " after the crashes " + killedAt)
                    .isEqualTo(uninterrupted.appendRows().get(topic));
        }
        for (String topic : OutputSnapshot.ONE_ROW_PER_KEY) {
            assertThat(crashed.repeatedKeys(topic)).as(topic + ": final rows written twice").isEmpty();
        }
        assertThat(crashed.lateCounts()).isEqualTo(uninterrupted.lateCounts());
        assertThat(crashed.deadLetterCounts()).isEqualTo(uninterrupted.deadLetterCounts());
        assertThat(uninterrupted.deadLetterCounts().get("orders-service-dlq")).isEqualTo(stream.malformed / 2);
        assertThat(uninterrupted.deadLetterCounts().get("payments-service-dlq")).isEqualTo(stream.malformed / 2);
    }

    static void load(SuiteRun run, ShopStream stream) {
        run.topics.write("orders", stream.orders);
        run.topics.write("payments-raw", stream.paymentsRaw);
        run.topics.write("payments", stream.payments);
    }

    /** Drains the backlog, then sends the closing records (which close everything) and drains again. */
    static void finish(SuiteRun run, ShopStream stream) {
        run.awaitDrained(DRAIN);
        run.topics.write("orders", stream.closingOrder());
        run.topics.write("payments-raw", stream.closingPayment(false));
        run.topics.write("payments", stream.closingPayment(true));
        run.awaitDrained(DRAIN);
    }
}
