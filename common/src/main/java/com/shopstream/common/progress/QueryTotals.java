package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * Counts since the service started; {@code lookup_notes}: what a lookup by event time noted ({@link LookupNote}),
 * each note with a count above 0, absent when there is none (every query but orders-service's enrichment).
 */
public record QueryTotals(
        @JsonProperty("input_rows") long inputRows,
        @JsonProperty("late_rows") long lateRows,
        @JsonProperty("refused_windows") long refusedWindows,
        @JsonProperty("dead_letter_rows") long deadLetterRows,
        @JsonProperty("duplicate_rows") long duplicateRows,
        @JsonProperty("lookup_notes") @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> lookupNotes) {

    public QueryTotals {
        lookupNotes = lookupNotes == null ? Map.of() : Map.copyOf(lookupNotes);
    }
}
