package com.shopstream.common.progress;

/**
 * What a lookup by event time (orders-service's customer enrichment) notes besides its rows: an order that found no
 * customer version, and a version that counts later than its {@code valid_from}. Nothing noted is dropped.
 */
public enum LookupNote {

    /** No version of the customer was valid at the order's time: the order went on with {@code tier: null}. */
    UNKNOWN_CUSTOMER("unknown-customer"),
    /**
     * The order was looked up at once (it came behind the watermark) further back than the versioned store's history
     * retention keeps behind the newest version put, and its customer has a version, but none the store still knows
     * for the order's time: {@code tier: null}.
     */
    HISTORY_EXPIRED("history-expired"),
    /** A version behind its own partition's watermark: it counts from that watermark. */
    VERSION_LATE("version-late"),
    /** A version read while the query's watermark was ahead of its idle partition: it counts from the query's. */
    VERSION_AFTER_IDLE("version-after-idle"),
    /**
     * A version that counts from a time when the customer's version in the store was newer by {@code valid_from}
     * (an old version come late): not kept, the newer one stays valid.
     */
    VERSION_SUPERSEDED("version-superseded");

    private final String label;

    LookupNote(String label) {
        this.label = label;
    }

    /** The {@code note} tag of {@code shopstream.lookup.notes}. */
    public String label() {
        return label;
    }
}
