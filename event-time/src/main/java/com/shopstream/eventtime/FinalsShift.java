package com.shopstream.eventtime;

import java.time.Duration;
import java.util.Map;
import java.util.function.Function;

/**
 * How much later (negative: earlier) a query's results would become final if one of its inputs had another delay,
 * at its partitions' clocks now. A result is final once the query's watermark — the oldest partition watermark, each
 * partition's newest event time minus its own input's delay — has passed it; so the shift is the query's watermark
 * now minus the one the other delay would give. With one input it is just the difference of the delays; with
 * several, an input whose partitions do not hold the watermark shifts it by less, or not at all.
 */
public final class FinalsShift {

    private FinalsShift() {
    }

    /**
     * @param newest    each input partition's newest event time ({@link InputClocks#NONE}: none yet)
     * @param delayOf   each input's delay now
     * @param topic     the input whose delay would change
     * @param candidate its delay instead
     */
    public static Duration of(Map<InputPartition, Long> newest, Function<String, Duration> delayOf, String topic,
                              Duration candidate) {
        long now = Long.MAX_VALUE;
        long then = Long.MAX_VALUE;
        for (Map.Entry<InputPartition, Long> partition : newest.entrySet()) {
            long clock = partition.getValue();
            if (clock == InputClocks.NONE) {
                continue;
            }
            String input = partition.getKey().topic();
            long watermark = clock - delayOf.apply(input).toMillis();
            now = Math.min(now, watermark);
            then = Math.min(then, input.equals(topic) ? clock - candidate.toMillis() : watermark);
        }
        if (now == Long.MAX_VALUE || newest.keySet().stream().noneMatch(p -> p.topic().equals(topic))) {
            return candidate.minus(delayOf.apply(topic));   // no clocks to go by: the input's own shift
        }
        return Duration.ofMillis(now - then);
    }
}
