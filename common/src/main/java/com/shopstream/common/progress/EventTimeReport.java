package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * Event times of the rows of one report interval, and at its end the query's watermark (the lowest of its input
 * partitions' watermarks, as this instance's tasks have it), the newest event time of any input partition, and how
 * far the watermark is behind it (Spark's eventTime, plus the lag).
 */
public record EventTimeReport(
        @JsonProperty("min") Instant min,
        @JsonProperty("max") Instant max,
        @JsonProperty("avg") Instant avg,
        @JsonProperty("watermark") Instant watermark,
        @JsonProperty("newest") Instant newest,
        @JsonProperty("watermark_lag_seconds") Double watermarkLagSeconds) {
}
