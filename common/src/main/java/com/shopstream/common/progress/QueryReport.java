package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** One query's figures since the previous report (and its running totals). */
public record QueryReport(
        @JsonProperty("name") String name,
        @JsonProperty("input_rows") long inputRows,
        @JsonProperty("input_rows_per_second") Double inputRowsPerSecond,
        @JsonProperty("event_time") EventTimeReport eventTime,
        @JsonProperty("late_rows") long lateRows,
        @JsonProperty("late_rows_by_cause") Map<String, Long> lateRowsByCause,
        @JsonProperty("dead_letter_rows") long deadLetterRows,
        @JsonProperty("totals") QueryTotals totals,
        @JsonProperty("watermark_by_task") Map<String, Instant> watermarkByTask,
        @JsonProperty("input_partitions") List<PartitionReport> inputPartitions) {
}
