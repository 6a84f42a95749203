package com.shopstream.common.watermark;

import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.eventtime.LateCause;
import com.shopstream.eventtime.Refusal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/** Headers of a record in a {@code <service>-late} topic, on top of the record's own headers. */
public final class LateRecordHeaders {

    /** The query that refused the record. */
    public static final String QUERY = "x-late-query";
    /**
     * The watermark (ISO-8601) the record was judged against: its input partition's, or, for
     * {@link LateCause#IDLE_PARTITION}, the query's.
     */
    public static final String WATERMARK = "x-late-watermark";
    /** The record's event time (ISO-8601). */
    public static final String EVENT_TIME = "x-late-event-time";
    /** The windows that refused it, comma-separated ISO-8601 intervals; absent for rules without windows. */
    public static final String REFUSED_WINDOWS = "x-late-refused-windows";
    /** Whether the record was refused by {@code all} its windows or only {@code some} (hopping windows). */
    public static final String REFUSED = "x-late-refused";
    /** Why, in words. */
    public static final String REASON = "x-late-reason";
    /** {@link LateCause#label()}: {@code partition-watermark} or {@code idle-partition}. */
    public static final String CAUSE = "x-late-cause";
    /** The input partition the record was read from, e.g. {@code orders-2}. */
    public static final String PARTITION = "x-late-partition";

    private LateRecordHeaders() {
    }

    /** The record's own headers plus the late headers of one refusal. */
    public static Headers of(Headers own, String query, InputPartition source, long watermark, long eventTime,
                             Refusal refusal, LateCause cause) {
        RecordHeaders headers = new RecordHeaders();
        for (Header header : own) {
            headers.add(header);
        }
        put(headers, QUERY, query);
        put(headers, WATERMARK, watermark == InputClocks.NONE ? "none" : Instant.ofEpochMilli(watermark).toString());
        put(headers, EVENT_TIME, Instant.ofEpochMilli(eventTime).toString());
        put(headers, REFUSED, refusal.all() ? "all" : "some");
        put(headers, REASON, refusal.reason());
        put(headers, CAUSE, cause.label());
        put(headers, PARTITION, source.toString());
        if (!refusal.refusedWindows().isEmpty()) {
            put(headers, REFUSED_WINDOWS, String.join(",", refusal.refusedWindows()));
        }
        return headers;
    }

    private static void put(RecordHeaders headers, String name, String value) {
        headers.remove(name);
        headers.add(name, value.getBytes(StandardCharsets.UTF_8));
    }
}
