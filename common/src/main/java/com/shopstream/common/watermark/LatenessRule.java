package com.shopstream.common.watermark;

/** Decides, for one query, what of a record the watermark refuses. Boundaries are the contract's. */
public interface LatenessRule {

    /**
     * @param eventTime the record's event time (epoch ms)
     * @param watermark the watermark before the record (epoch ms); {@link WatermarkPolicy#NONE} before any record
     */
    Refusal refusal(long eventTime, long watermark);
}
