package com.shopstream.common.watermark;

import java.util.Collection;

/**
 * How the newest event times of the input partitions a stateful operator reads combine into one. The contract's
 * policy is {@link #MAX}: Kafka Streams' stream time and Spark's {@code max} policy for several inputs. This enum is
 * the one place to add a per-partition {@code min} policy (Flink's) without touching any query.
 */
public enum WatermarkPolicy {

    /** The newest event time of any input partition of the task. */
    MAX {
        @Override
        long combine(Collection<Long> newestPerPartition) {
            long newest = NONE;
            for (long value : newestPerPartition) {
                newest = Math.max(newest, value);
            }
            return newest;
        }
    };

    /** No event seen yet: no watermark, nothing is late. */
    public static final long NONE = Long.MIN_VALUE;

    abstract long combine(Collection<Long> newestPerPartition);
}
