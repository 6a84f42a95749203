package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Counts since the service started. */
public record QueryTotals(
        @JsonProperty("input_rows") long inputRows,
        @JsonProperty("late_rows") long lateRows,
        @JsonProperty("refused_windows") long refusedWindows,
        @JsonProperty("dead_letter_rows") long deadLetterRows,
        @JsonProperty("duplicate_rows") long duplicateRows) {
}
