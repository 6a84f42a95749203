package com.shopstream.eventtime;

/** Why a record went to the late topic: the two ways the contract lets a record be too late. */
public enum LateCause {

    /** It was behind the watermark of its own input partition when it was read. */
    PARTITION_WATERMARK("partition-watermark"),
    /** Its partition was idle, and the query's watermark closed the record's windows before the record came. */
    IDLE_PARTITION("idle-partition");

    private final String label;

    LateCause(String label) {
        this.label = label;
    }

    /** The value of the {@code x-late-cause} header and of the {@code cause} tag of the late-row meters. */
    public String label() {
        return label;
    }
}
