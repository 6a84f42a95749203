package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * One input partition of a query in a progress report: its watermark (its newest event time − its input's delay,
 * which is the query's unless the input has one of its own), that delay, and its state: {@code active} (holds the query's watermark), {@code idle} (its reader found nothing to read for
 * the idle timeout: it does not hold the watermark back), {@code awaited} (no record yet: the query's watermark
 * holds until it has one, or is idle).
 */
public record PartitionReport(
        @JsonProperty("partition") String partition,
        @JsonProperty("watermark") Instant watermark,
        @JsonProperty("delay_seconds") double delaySeconds,
        @JsonProperty("state") String state,
        @JsonProperty("read_here") boolean readHere) {
}
