package com.shopstream.benchmarks.suite;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** The command's output: the drains side by side with the ceiling and the baseline, and the live runs, as Markdown. */
final class ResultTable {

    private ResultTable() {
    }

    static void drains(PrintStream out, CeilingResult ceiling, DrainResult plain, List<DrainResult> drains) {
        out.println("| run | input records | drain s | records/s | × ceiling | × plain | CPU s | CPU µs/record "
                + "| broker CPU s | peak RSS MiB | state MiB | late |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        if (ceiling != null) {
            out.println(String.format(Locale.ROOT, "| ceiling: ConsumerPerformance | %,d | %.1f | %,.0f | 1.00 | %s "
                            + "| | | | | | |", ceiling.records(), ceiling.fetchSeconds(), ceiling.recordsPerSecond(),
                    plain == null ? "" : ratio(ceiling.recordsPerSecond(), plain.recordsPerSecond())));
        }
        for (DrainResult drain : drains) {
            out.println(String.format(Locale.ROOT, "| %s | %,d | %.1f | %,.0f | %s | %s | %.1f | %.1f | %s | %,d | %s | %s |",
                    drain.name(), drain.records(), drain.seconds(), drain.recordsPerSecond(),
                    ceiling == null ? "" : ratio(drain.recordsPerSecond(), ceiling.recordsPerSecond()),
                    plain == null ? "" : ratio(drain.recordsPerSecond(), plain.recordsPerSecond()),
                    drain.cpuSeconds(), drain.cpuMicrosPerRecord(),
                    drain.brokerCpuSeconds() < 0 ? "" : String.format(Locale.ROOT, "%.1f", drain.brokerCpuSeconds()),
                    drain.peakRssMib(),
                    drain.stateBytes() < 0 ? "?" : String.format(Locale.ROOT, "%.1f", drain.stateBytes() / 1048576.0),
                    drain.late() < 0 ? "?" : String.format(Locale.ROOT, "%,d", drain.late())));
        }
    }

    static void live(PrintStream out, List<LiveResult> runs) {
        out.println("| live: orders-service, update mode | target orders/s | sent/s | orders followed | seen "
                + "| p50 ms | p99 ms | max ms | max lag | service CPU % |");
        out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (LiveResult run : runs) {
            out.println(String.format(Locale.ROOT, "| %s | %,d | %,.0f | %,d | %,d | %.0f | %.0f | %.0f | %,d | %.0f |",
                    run.couldNotKeepUp() ? "could not keep up" : "kept up", run.targetRate(), run.sentRate(),
                    run.tracked(), run.seen(), run.p50Millis(), run.p99Millis(), run.maxMillis(), run.maxLag(),
                    100 * run.cpuSeconds() / run.seconds()));
        }
    }

    private static String ratio(double rate, double of) {
        return String.format(Locale.ROOT, "%.2f", rate / of);
    }
}
