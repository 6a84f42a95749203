package com.shopstream.common.progress;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts since the service started; {@code revised_final_rows}: final rows written again with an allowed lateness
 * (revision 2 or later); {@code lookup_notes}: what a lookup by event time noted ({@link LookupNote}),
 * each note with a count above 0, absent when there is none (every query but orders-service's enrichment).
 */
public record QueryTotals(
        @JsonProperty("input_rows") long inputRows,
        @JsonProperty("late_rows") long lateRows,
        @JsonProperty("refused_windows") long refusedWindows,
        @JsonProperty("dead_letter_rows") long deadLetterRows,
        @JsonProperty("duplicate_rows") long duplicateRows,
        @JsonProperty("revised_final_rows") long revisedFinalRows,
        @JsonProperty("lookup_notes") @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Long> lookupNotes) {

    public QueryTotals {
        // in the notes' order, the same in every report
        lookupNotes = lookupNotes == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(lookupNotes));
    }
}
