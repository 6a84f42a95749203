package com.shopstream.eventtime;

/** Decides, for one query, what of a record the watermark refuses. Boundaries are the contract's. */
public interface LatenessRule {

    /**
     * For state that has no windows to close but still expires by event time (the streak's timeout): every record
     * counts, and the watermark is only kept, persisted and passed on.
     */
    LatenessRule NEVER_LATE = (eventTime, watermark) -> Refusal.NONE;

    /**
     * @param eventTime the record's event time (epoch ms)
     * @param watermark the watermark before the record (epoch ms); {@link InputClocks#NONE} before any record
     */
    Refusal refusal(long eventTime, long watermark);
}
