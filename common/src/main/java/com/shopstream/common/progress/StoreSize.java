package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Rows and estimated bytes of one state store over the tasks of this instance ({@code -1}: not known). */
public record StoreSize(
        @JsonProperty("name") String name,
        @JsonProperty("rows") long rows,
        @JsonProperty("estimated_bytes") long estimatedBytes) {
}
