package com.shopstream.common.watermark;

/** Headers of a record in a {@code <service>-late} topic, on top of the record's own headers. */
public final class LateRecordHeaders {

    /** The query that refused the record. */
    public static final String QUERY = "x-late-query";
    /** The watermark (ISO-8601) when the record arrived. */
    public static final String WATERMARK = "x-late-watermark";
    /** The record's event time (ISO-8601). */
    public static final String EVENT_TIME = "x-late-event-time";
    /** The windows that refused it, comma-separated ISO-8601 intervals; absent for rules without windows. */
    public static final String REFUSED_WINDOWS = "x-late-refused-windows";
    /** Whether the record was refused by {@code all} its windows or only {@code some} (hopping windows). */
    public static final String REFUSED = "x-late-refused";
    /** Why, in words. */
    public static final String REASON = "x-late-reason";

    private LateRecordHeaders() {
    }
}
