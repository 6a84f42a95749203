package com.shopstream.faults;

import com.shopstream.simulator.GeneratorSettings;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stream every fault test uses, through the whole suite with nothing disturbed: the reference the disturbed runs
 * must equal. Computed once per test JVM (the fault tests share a surefire fork), by whichever test needs it first.
 */
final class UninterruptedRun {

    private static final Logger log = LoggerFactory.getLogger(UninterruptedRun.class);

    /**
     * 15,000 orders 333 ms apart (about 1.4 hours of event time: 17 or 18 five-minute windows, thousands of sessions), with
     * 10 % duplicates, 1 % far too late, 30 s disorder, payments for 80 %; and one malformed record after every 8
     * valid ones of each input topic: more than 5,000 malformed records. No bigger: the reference and the disturbed
     * runs (rebalance, broker outage, crash; bad input reads the reference) drain it, and the suite's time is mostly
     * theirs.
     */
    static final ShopStream STREAM = ShopStream.generate(settings(7, 15_000, Duration.ofMillis(333)), 8);

    private static UninterruptedRun result;

    final OutputSnapshot outputs;
    /** Progress of each service after the closing records, counted since it started. */
    final Map<String, ServiceProgress> progress;
    /** Records in each input topic. */
    final Map<String, Long> inputRecords;
    /** Whether each service process was still alive and ready after the stream. */
    final Map<String, Boolean> readyAtEnd;
    /** Seconds from start of the services to the last output. */
    final double seconds;

    private UninterruptedRun(OutputSnapshot outputs, Map<String, ServiceProgress> progress,
                             Map<String, Long> inputRecords, Map<String, Boolean> readyAtEnd, double seconds) {
        this.outputs = outputs;
        this.progress = progress;
        this.inputRecords = inputRecords;
        this.readyAtEnd = readyAtEnd;
        this.seconds = seconds;
    }

    /**
     * The generator's defaults, spread out, and ending 25 minutes ago: the closing records, 20 minutes after the
     * stream, are then behind the broker's clock whenever they are written, so each moves its partition's clock to its
     * own event time. Ending 10 minutes ago, they were ahead of their broker time, the allowance capped the clock at
     * broker time + 1 min, and which of the last windows closed depended on when a run wrote them: a run minutes after
     * the reference closed one window more (RebalanceTest failed so in CI).
     */
    static GeneratorSettings settings(long seed, int orders, Duration spacing) {
        Instant start = Instant.now().minus(spacing.multipliedBy(orders)).minus(Duration.ofMinutes(25))
                .truncatedTo(ChronoUnit.MINUTES);
        return GeneratorSettings.defaults(seed, orders).withSpacing(spacing).withStart(start);
    }

    static synchronized UninterruptedRun get() throws Exception {
        if (result == null) {
            result = run();
        }
        return result;
    }

    private static UninterruptedRun run() throws Exception {
        try (SuiteRun run = SuiteRun.start("uninterrupted")) {
            run.load(STREAM);
            long started = System.nanoTime();
            run.startAll();
            run.finish(STREAM);
            double seconds = (System.nanoTime() - started) / 1e9;
            Instant drained = Instant.now();
            Map<String, ServiceProgress> progress = new LinkedHashMap<>();
            Map<String, Boolean> ready = new LinkedHashMap<>();
            for (String service : SuiteRun.SERVICES.keySet()) {
                progress.put(service, ServiceProgress.after(run.instance(service), drained));
                ready.put(service, run.instance(service).isAlive() && run.instance(service).isReady());
            }
            Map<String, Long> inputs = new LinkedHashMap<>();
            for (String topic : ShopStream.INPUT_TOPICS) {
                inputs.put(topic, run.recordCount(topic));
            }
            OutputSnapshot outputs = OutputSnapshot.of(run);
            log.info("uninterrupted run: {} s; input records {}; late {}; dead letters {}",
                    String.format("%.1f", seconds), inputs, outputs.lateCounts(), outputs.deadLetterCounts());
            return new UninterruptedRun(outputs, progress, inputs, ready, seconds);
        }
    }
}
