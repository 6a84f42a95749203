package com.shopstream.common.json;

import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper for the contract's result records (window, session, streak and join rows). */
public final class ResultJson {

    /**
     * Instants as ISO-8601 text (Jackson 3's default), decimals in plain notation, unknown fields tolerated when
     * reading so that consumers keep working when a field is added.
     */
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ResultJson() {
    }
}
