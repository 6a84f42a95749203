package com.shopstream.common.progress;

/**
 * What a lookup by event time (orders-service's customer enrichment) notes besides its rows: an order that found no
 * customer version, and a version that counts later than its {@code valid_from}. Nothing noted is dropped.
 */
public enum LookupNote {

    /** No version of the customer was valid at the order's time: the order went on with {@code tier: null}. */
    UNKNOWN_CUSTOMER("unknown-customer"),
    /**
     * The order's time was further behind the newest version than the history retention keeps: the order went on
     * with {@code tier: null}.
     */
    HISTORY_EXPIRED("history-expired"),
    /** A version behind its own partition's watermark: it counts from that watermark. */
    VERSION_LATE("version-late"),
    /** A version read while the query's watermark was ahead of its idle partition: it counts from the query's. */
    VERSION_AFTER_IDLE("version-after-idle"),
    /** A version older than the history retention keeps: not kept. */
    VERSION_PAST_HISTORY("version-past-history");

    private final String label;

    LookupNote(String label) {
        this.label = label;
    }

    /** The {@code note} tag of {@code shopstream.lookup.notes}. */
    public String label() {
        return label;
    }
}
