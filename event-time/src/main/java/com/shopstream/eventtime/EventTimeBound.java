package com.shopstream.eventtime;

import java.util.List;

/** For operators without windows (joins, deduplication): a record older than the watermark is too late. */
public final class EventTimeBound implements LatenessRule {

    private static final Refusal TOO_OLD = new Refusal(true, List.of(), "event time is older than the watermark");

    @Override
    public Refusal refusal(long eventTime, long watermark) {
        return eventTime < watermark ? TOO_OLD : Refusal.NONE;
    }
}
