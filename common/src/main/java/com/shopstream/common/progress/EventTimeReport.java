package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/** Event times of the rows of one report interval, and the watermark at the end of it (as Spark's eventTime). */
public record EventTimeReport(
        @JsonProperty("min") Instant min,
        @JsonProperty("max") Instant max,
        @JsonProperty("avg") Instant avg,
        @JsonProperty("watermark") Instant watermark) {
}
