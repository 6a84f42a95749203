package com.shopstream.benchmarks.suite;

import java.util.HashMap;
import java.util.Map;

/**
 * The line the Spark peer prints when its query has read the whole backlog: {@code spark-peer-result query=window-5m
 * input-rows=5495115 output-rows=18 dropped-by-watermark=0 batches=2 seconds=26.3 cpu-seconds=48.1 peak-rss-mib=1240
 * batch-rows-ms-addbatch-ms=5495115:24650:22573,0:1128:913 jit-cpu-seconds=17.2}; fields it does not use are read
 * past, and a peer built before it reported {@code jit-cpu-seconds} gives {@link DrainInterval#UNKNOWN} for it.
 * Its seconds and CPU (of which its JIT compiler threads') run from the query's start to its end (Spark's own start is
 * outside, as a service's is).
 */
record SparkResult(long inputRows, long outputRows, long dropped, double seconds, double cpuSeconds,
                   double jitCpuSeconds, long peakRssMib) {

    static final String PREFIX = "spark-peer-result ";

    static SparkResult parse(String line) {
        if (!line.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a result line of the Spark peer: " + line);
        }
        Map<String, String> fields = new HashMap<>();
        for (String field : line.substring(PREFIX.length()).strip().split(" ")) {
            int equals = field.indexOf('=');
            fields.put(field.substring(0, equals), field.substring(equals + 1));
        }
        return new SparkResult(Long.parseLong(fields.get("input-rows")), Long.parseLong(fields.get("output-rows")),
                Long.parseLong(fields.get("dropped-by-watermark")), Double.parseDouble(fields.get("seconds")),
                Double.parseDouble(fields.get("cpu-seconds")),
                fields.containsKey("jit-cpu-seconds") ? Double.parseDouble(fields.get("jit-cpu-seconds"))
                        : DrainInterval.UNKNOWN,
                Long.parseLong(fields.get("peak-rss-mib")));
    }
}
