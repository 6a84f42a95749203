package com.shopstream.common.errors;

/** Headers a dead letter carries on top of the original record's own headers. */
public final class DeadLetterHeaders {

    /** A short, specific reason, e.g. "amount has 3 fraction digits". */
    public static final String REASON = "x-error-reason";
    /** The exception class behind the reason. */
    public static final String CLASS = "x-error-class";
    /** The JSON field at fault, when there is one. */
    public static final String FIELD = "x-error-field";
    /** Where it failed: {@code deserialization}, {@code processing} or {@code production}. */
    public static final String STAGE = "x-error-stage";
    public static final String SOURCE_TOPIC = "x-source-topic";
    public static final String SOURCE_PARTITION = "x-source-partition";
    public static final String SOURCE_OFFSET = "x-source-offset";

    private DeadLetterHeaders() {
    }
}
