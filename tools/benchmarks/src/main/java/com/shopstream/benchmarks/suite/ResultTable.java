package com.shopstream.benchmarks.suite;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command's output, as Markdown: the drains side by side with the ceiling, each service with its own plain Kafka
 * Streams baseline (rates as ratios of the ceiling and of that baseline, over the whole drain and over its warm second
 * half, and CPU per record as a ratio of the baseline's: above 1 is better than the baseline), then the live runs.
 * Baseline rows say so in their name, and have no baseline of their own. A run of the same query as a Spark peer's run
 * is compared with it the same way ({@code × Spark}), and both count their output rows, so that a faster run that
 * counts different windows shows. Each drain's row gives the share of its CPU its JVM's JIT compiler threads took: on
 * a short drain a fresh JVM compiles through much of it, in both engines, on the cores their work needs.
 */
final class ResultTable {

    private static final String NONE = "—";

    private ResultTable() {
    }

    static void drains(PrintStream out, CeilingResult ceiling, List<DrainResult> drains) {
        Map<String, DrainResult> byRun = byRun(drains);
        out.println("| run | its plain baseline | input records | drain s | records/s | × ceiling | × its plain "
                + "| 2nd half records/s | × its plain, 2nd half | CPU s | CPU µs/record | JIT % of CPU "
                + "| × its plain, CPU/record | broker CPU s | peak RSS MiB | state MiB | late | output rows | × Spark "
                + "| × Spark, CPU/record |");
        out.println("|---|---" + "|---:".repeat(18) + "|");
        if (ceiling != null) {
            out.println(format("| ceiling: ConsumerPerformance | %s | %,d | %.1f | %,.0f | 1.00 | | | | | | | | | | "
                    + "| | | | |", NONE, ceiling.records(), ceiling.fetchSeconds(), ceiling.recordsPerSecond()));
        }
        for (DrainResult drain : drains) {
            DrainInterval whole = drain.whole();
            DrainInterval warm = drain.secondHalf();
            DrainResult plain = drain.baselineRun() == null ? null : byRun.get(drain.baselineRun());
            DrainResult spark = drain.sparkRun() == null ? null : byRun.get(drain.sparkRun());
            String noRatio = drain.baselineRun() == null ? NONE : "";
            out.println(format("| %s | %s | %,d | %.1f | %,.0f | %s | %s | %s | %s | %.1f | %.1f | %s | %s | %s "
                            + "| %,d | %s | %s | %s | %s | %s |",
                    drain.name(),
                    drain.baselineRun() == null ? NONE
                            : drain.baselineRun() + (plain == null ? " (not run)" : ""),
                    whole.records(), whole.seconds(), whole.recordsPerSecond(),
                    ceiling == null ? "" : ratio(whole.recordsPerSecond(), ceiling.recordsPerSecond()),
                    plain == null ? noRatio : ratio(whole.recordsPerSecond(), plain.whole().recordsPerSecond()),
                    warm == null ? "" : format("%,.0f", warm.recordsPerSecond()),
                    plain == null || warm == null ? noRatio
                            : ratio(warm.recordsPerSecond(), plain.secondHalf().recordsPerSecond()),
                    whole.cpuSeconds(), whole.cpuMicrosPerRecord(),
                    whole.jitShare() < 0 ? "?" : format("%.0f", 100 * whole.jitShare()),
                    plain == null ? noRatio : ratio(plain.whole().cpuMicrosPerRecord(), whole.cpuMicrosPerRecord()),
                    drain.brokerMeasured() ? format("%.1f", whole.brokerCpuSeconds()) : "",
                    drain.peakRssMib(),
                    drain.stateBytes() < 0 ? "?" : format("%.1f", drain.stateBytes() / 1048576.0),
                    drain.late() < 0 ? "?" : format("%,d", drain.late()),
                    drain.outputRows() < 0 ? "" : format("%,d", drain.outputRows()),
                    spark == null ? sparkMissing(drain)
                            : ratio(whole.recordsPerSecond(), spark.whole().recordsPerSecond()),
                    spark == null ? "" : ratio(spark.whole().cpuMicrosPerRecord(), whole.cpuMicrosPerRecord())));
        }
    }

    static void live(PrintStream out, List<LiveResult> runs) {
        out.println("| live: orders-service, update mode | target orders/s | sent/s | orders followed | seen "
                + "| p50 ms | p99 ms | max ms | max lag | service CPU % |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (LiveResult run : runs) {
            out.println(format("| %s | %,d | %,.0f | %,d | %,d | %.0f | %.0f | %.0f | %,d | %.0f |",
                    run.couldNotKeepUp() ? "could not keep up" : "kept up", run.targetRate(), run.sentRate(),
                    run.tracked(), run.seen(), run.p50Millis(), run.p99Millis(), run.maxMillis(), run.maxLag(),
                    100 * run.cpuSeconds() / run.seconds()));
        }
    }

    /**
     * Each service's comparisons — with its plain baseline and with its Spark run — taken in both passes of
     * {@code --both-orders}: the ratio in each order and their geometric mean (records/s, and CPU per record as in
     * the table: above 1 is cheaper than the other run). A pair one of the passes lacks has no row; with none, a line
     * says so.
     */
    static void bothOrders(PrintStream out, List<DrainResult> given, List<DrainResult> reversed) {
        Map<String, DrainResult> first = byRun(given);
        Map<String, DrainResult> second = byRun(reversed);
        List<String> rows = new ArrayList<>();
        for (DrainResult drain : given) {
            for (String other : Arrays.asList(drain.baselineRun(), drain.sparkRun())) {
                DrainResult otherFirst = other == null ? null : first.get(other);
                DrainResult drainSecond = second.get(drain.run());
                DrainResult otherSecond = other == null ? null : second.get(other);
                if (otherFirst == null || drainSecond == null || otherSecond == null) {
                    continue;
                }
                DrainInterval run = drain.whole();
                DrainInterval with = otherFirst.whole();
                DrainInterval runBack = drainSecond.whole();
                DrainInterval withBack = otherSecond.whole();
                double rateGiven = run.recordsPerSecond() / with.recordsPerSecond();
                double rateReversed = runBack.recordsPerSecond() / withBack.recordsPerSecond();
                double cpuGiven = with.cpuMicrosPerRecord() / run.cpuMicrosPerRecord();
                double cpuReversed = withBack.cpuMicrosPerRecord() / runBack.cpuMicrosPerRecord();
                rows.add(format("| %s | %s | %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f |", drain.name(),
                        otherFirst.name(), given.indexOf(drain) < given.indexOf(otherFirst) ? drain.name()
                                : otherFirst.name(),
                        rateGiven, rateReversed, Math.sqrt(rateGiven * rateReversed),
                        cpuGiven, cpuReversed, Math.sqrt(cpuGiven * cpuReversed)));
            }
        }
        if (rows.isEmpty()) {
            out.println("(no run was compared with another in both orders)");
            return;
        }
        out.println("| run | compared with | ran first in the given order | × records/s, given order "
                + "| × records/s, reverse order | × records/s, geometric mean | × CPU/record, given order "
                + "| × CPU/record, reverse order | × CPU/record, geometric mean |");
        out.println("|---|---|---|---:|---:|---:|---:|---:|---:|");
        rows.forEach(out::println);
    }

    private static Map<String, DrainResult> byRun(List<DrainResult> drains) {
        Map<String, DrainResult> byRun = new HashMap<>();
        drains.forEach(drain -> byRun.put(drain.run(), drain));
        return byRun;
    }

    private static String sparkMissing(DrainResult drain) {
        return drain.sparkRun() == null ? "" : drain.sparkRun() + " (not run)";
    }

    private static String ratio(double value, double of) {
        return format("%.2f", value / of);
    }

    private static String format(String pattern, Object... values) {
        return String.format(Locale.ROOT, pattern, values);
    }
}
