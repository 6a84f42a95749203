package com.shopstream.benchmarks.suite;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the summary ConsumerPerformance prints: a header line of comma-separated names ({@code start.time, end.time,
 * data.consumed.in.MB, MB.sec, data.consumed.in.nMsg, nMsg.sec, rebalance.time.ms, fetch.time.ms, fetch.MB.sec,
 * fetch.nMsg.sec}) and a line of values under it.
 */
final class ConsumerPerformanceOutput {

    private ConsumerPerformanceOutput() {
    }

    static Map<String, String> parse(List<String> lines) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            if (lines.get(i).startsWith("start.time")) {
                String[] names = lines.get(i).split(",\\s*");
                String[] values = lines.get(i + 1).split(",\\s*");
                if (names.length != values.length) {
                    throw new IllegalArgumentException("ConsumerPerformance summary does not match its header: "
                            + lines.get(i + 1));
                }
                Map<String, String> summary = new HashMap<>();
                for (int n = 0; n < names.length; n++) {
                    summary.put(names[n].trim(), values[n].trim());
                }
                return summary;
            }
        }
        throw new IllegalArgumentException("no ConsumerPerformance summary in its output");
    }
}
