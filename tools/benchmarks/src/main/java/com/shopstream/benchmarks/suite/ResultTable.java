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
     * Each service's comparisons — with its plain baseline and with its Spark run — taken in every round of
     * {@code --rounds}: the ratio in each round (records/s, and CPU per record as in the table: above 1 is cheaper
     * than the other run), their minimum and median. Only rounds that made both runs count; a pair no round made has
     * no row; with none, a line says so.
     */
    static void rounds(PrintStream out, List<List<DrainResult>> rounds) {
        List<String> rows = new ArrayList<>();
        for (Comparison comparison : comparisons(rounds, true)) {
            rows.add(format("| %s | %s | %s | %.2f | %.2f | %s | %.2f | %.2f |", comparison.name(),
                    comparison.otherName(), joined(comparison.rateRatios()), min(comparison.rateRatios()),
                    median(comparison.rateRatios()), joined(comparison.cpuRatios()), min(comparison.cpuRatios()),
                    median(comparison.cpuRatios())));
        }
        if (rows.isEmpty()) {
            out.println("(no run was compared with another in any round)");
            return;
        }
        out.println("| run | compared with | × records/s, each round | × records/s, min | × records/s, median "
                + "| × CPU/record, each round | × CPU/record, min | × CPU/record, median |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|");
        rows.forEach(out::println);
    }

    /**
     * The comparison with Spark over the rounds, a row per query: both sides' records/s (minimum and median over the
     * rounds), the ratio of each round's pair (minimum and median), CPU per record (medians) and its ratio, the
     * highest peak RSS, late and output rows (of the first round that made both).
     */
    static void againstSpark(PrintStream out, List<List<DrainResult>> rounds) {
        List<Comparison> comparisons = comparisons(rounds, false);
        if (comparisons.isEmpty()) {
            out.println("(no run was compared with Spark)");
            return;
        }
        out.println("| query | Spark run | rounds | records/s, min / median | Spark records/s, min / median "
                + "| × Spark, min | × Spark, median | CPU µs/record, median (Spark) | × Spark CPU/record, min "
                + "| × Spark CPU/record, median | peak RSS MiB, max (Spark) | late (Spark) | output rows (Spark) |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (Comparison c : comparisons) {
            List<Double> rates = c.pairs().stream().map(pair -> pair[0].whole().recordsPerSecond()).toList();
            List<Double> sparkRates = c.pairs().stream().map(pair -> pair[1].whole().recordsPerSecond()).toList();
            List<Double> cpu = c.pairs().stream().map(pair -> pair[0].whole().cpuMicrosPerRecord()).toList();
            List<Double> sparkCpu = c.pairs().stream().map(pair -> pair[1].whole().cpuMicrosPerRecord()).toList();
            DrainResult ours = c.pairs().get(0)[0];
            DrainResult spark = c.pairs().get(0)[1];
            out.println(format("| %s | %s | %d | %,.0f / %,.0f | %,.0f / %,.0f | %.2f | %.2f | %.1f (%.1f) | %.2f "
                            + "| %.2f | %,d (%,d) | %s (%s) | %s (%s) |", c.name(), c.otherName(), c.pairs().size(),
                    min(rates), median(rates), min(sparkRates), median(sparkRates), min(c.rateRatios()),
                    median(c.rateRatios()), median(cpu), median(sparkCpu), min(c.cpuRatios()),
                    median(c.cpuRatios()),
                    c.pairs().stream().mapToLong(pair -> pair[0].peakRssMib()).max().orElseThrow(),
                    c.pairs().stream().mapToLong(pair -> pair[1].peakRssMib()).max().orElseThrow(),
                    count(ours.late()), count(spark.late()), count(ours.outputRows()), count(spark.outputRows())));
        }
    }

    /** A run and the one it is compared with, in each round that made both: {@code {run, other}}. */
    private record Comparison(String name, String otherName, List<DrainResult[]> pairs) {

        List<Double> rateRatios() {
            return pairs.stream().map(p -> p[0].whole().recordsPerSecond() / p[1].whole().recordsPerSecond())
                    .toList();
        }

        List<Double> cpuRatios() {
            return pairs.stream().map(p -> p[1].whole().cpuMicrosPerRecord() / p[0].whole().cpuMicrosPerRecord())
                    .toList();
        }
    }

    /** Each run's comparisons with its baseline (if {@code withBaselines}) and its Spark run, in the first round's order. */
    private static List<Comparison> comparisons(List<List<DrainResult>> rounds, boolean withBaselines) {
        List<Map<String, DrainResult>> byRound = rounds.stream().map(ResultTable::byRun).toList();
        List<Comparison> comparisons = new ArrayList<>();
        for (DrainResult drain : rounds.get(0)) {
            List<String> others = withBaselines ? Arrays.asList(drain.baselineRun(), drain.sparkRun())
                    : Arrays.asList(drain.sparkRun());
            for (String other : others) {
                if (other == null) {
                    continue;
                }
                List<DrainResult[]> pairs = new ArrayList<>();
                String otherName = null;
                for (Map<String, DrainResult> round : byRound) {
                    DrainResult run = round.get(drain.run());
                    DrainResult with = round.get(other);
                    if (run != null && with != null) {
                        pairs.add(new DrainResult[] {run, with});
                        otherName = with.name();
                    }
                }
                if (!pairs.isEmpty()) {
                    comparisons.add(new Comparison(drain.name(), otherName, pairs));
                }
            }
        }
        return comparisons;
    }

    static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    private static double min(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    }

    private static String joined(List<Double> ratios) {
        return String.join(", ", ratios.stream().map(ratio -> format("%.2f", ratio)).toList());
    }

    private static String count(long value) {
        return value < 0 ? "?" : format("%,d", value);
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
