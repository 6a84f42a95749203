package com.shopstream.eventtime;

/**
 * When a record may be looked up in a table of versions, and from when a version counts: the rules of a lookup by
 * event time (an order joined to the customer version valid at its {@code order_ts}) that gives the same result
 * however the inputs' partitions were read.
 *
 * <p>A lookup at event time {@code t} is settled once the query's watermark (the oldest watermark over every
 * partition of both the looked-up records' and the versions' inputs) has passed {@code t}: every version valid at
 * {@code t} has been read by then, unless its own partition had already gone past it. Such a version is late for the
 * lookups it covers, and counts only from the watermark its partition had when it was read: the lookups at or after
 * that had not been settled yet, so each of them sees it, and none before it does, in every order of reading. A
 * version read while the query's watermark was ahead of its partition's (its partition was idle and the others moved
 * the watermark on) counts from the query's watermark: the lookups before it were already answered.
 */
public final class VersionTiming {

    private VersionTiming() {
    }

    /** Whether a lookup at {@code eventTime} is settled by {@code watermark} (no on-time version can change it). */
    public static boolean settled(long eventTime, long watermark) {
        return eventTime < watermark;
    }

    /**
     * From when a version valid from {@code validFrom} counts, read when its partition's watermark was
     * {@code partitionWatermark} and the query's was {@code queryWatermark} ({@link InputClocks#NONE}: none yet).
     */
    public static Effective effective(long validFrom, long partitionWatermark, long queryWatermark) {
        if (validFrom < partitionWatermark && partitionWatermark >= queryWatermark) {
            return new Effective(partitionWatermark, LateCause.PARTITION_WATERMARK);
        }
        if (validFrom < queryWatermark) {
            return new Effective(queryWatermark, LateCause.IDLE_PARTITION);
        }
        return new Effective(validFrom, null);
    }

    /**
     * The time a version counts from, and why it is later than its {@code valid_from} ({@code null}: it is not).
     */
    public record Effective(long from, LateCause late) {

        public boolean onTime() {
            return late == null;
        }
    }
}
