package com.shopstream.eventtime;

import java.util.List;

/**
 * What the watermark refuses of one record: some of its windows, all of them, or nothing. Windows are listed as
 * ISO-8601 intervals; rules without windows (a plain event-time bound) refuse all or nothing.
 */
public record Refusal(boolean all, List<String> refusedWindows, String reason) {

    public static final Refusal NONE = new Refusal(false, List.of(), null);

    public boolean none() {
        return !all && refusedWindows.isEmpty();
    }

    public boolean partial() {
        return !all && !refusedWindows.isEmpty();
    }

    /** How many refusals the metrics count: each refused window, or one for a rule without windows. */
    public int count() {
        return refusedWindows.isEmpty() ? (all ? 1 : 0) : refusedWindows.size();
    }
}
