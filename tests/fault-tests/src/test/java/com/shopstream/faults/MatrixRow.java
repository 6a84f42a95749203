package com.shopstream.faults;

import com.shopstream.faults.NodeFaults.Fault;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One case of one round of the failure matrix, as the README's reliability table shows it.
 *
 * @param failure why the outputs differ from the reference, or why the case could not finish; null when they are
 *                equal
 */
record MatrixRow(String label, List<Fault> faults, RecordAccounting accounting, Map<String, Integer> edgeAnswers,
                 String failure) {

    static final String HEADER = """
            | case | faults | records in | accounted | lost | duplicated | recovery median / max (s) \
            | edge answers | outputs equal |
            |---|---:|---:|---:|---:|---:|---:|---|---|""";

    boolean passed() {
        return failure == null && accounting != null && accounting.lost() == 0 && accounting.duplicated() == 0;
    }

    String markdown() {
        List<Duration> recoveries = faults.stream().map(Fault::recovered).sorted(Comparator.naturalOrder()).toList();
        String recovery = recoveries.isEmpty() ? "–" : String.format("%.1f / %.1f",
                seconds(recoveries.get((recoveries.size() - 1) / 2)), seconds(recoveries.get(recoveries.size() - 1)));
        return String.format("| %s | %d | %s | %s | %s | %s | %s | %s | %s |", label, faults.size(),
                count(accounting == null ? null : accounting.in()),
                count(accounting == null ? null : accounting.accounted()),
                count(accounting == null ? null : accounting.lost()),
                count(accounting == null ? null : accounting.duplicated()), recovery, edgeAnswers,
                failure == null ? "yes" : "**no**");
    }

    private static String count(Long value) {
        return value == null ? "–" : String.format("%,d", value);
    }

    private static double seconds(Duration duration) {
        return duration.toMillis() / 1000.0;
    }
}
