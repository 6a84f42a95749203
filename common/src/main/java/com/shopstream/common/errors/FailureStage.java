package com.shopstream.common.errors;

/** The step of Kafka Streams' record life cycle in which a record failed. */
public enum FailureStage {
    DESERIALIZATION, PROCESSING, PRODUCTION;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
