package com.shopstream.common.streams;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Update-mode rows held until the next commit interval, the newest per key: the contract lets changes within one
 * commit interval be coalesced (as the DSL's record cache does), and a key that changes several times in one interval
 * then costs one output record, not one per change.
 *
 * <p>What is held is the caller's: a finished record, or what it takes to build one ({@code R}), so that a row
 * replaced within the interval costs no key text, result or record, only what the caller holds. The key ({@code K})
 * is whatever identifies a row cheaply (a record key, or the numbers it is made of), with value {@code equals} and
 * {@code hashCode}.
 *
 * <p>In memory only: a row held when the task's state is committed is not in that commit's output, and a task that
 * stops (a crash, a rebalance, a shutdown) drops what it holds. So its owner writes every row its state has again
 * after a start, and writes a key's held row before anything that must follow it (a final row, a timed-out row).
 */
public final class PendingUpdateRows<K, R> {

    private final Map<K, R> rows = new LinkedHashMap<>();

    /** Holds {@code row} for {@code key}, in place of any row held for it. */
    public void hold(K key, R row) {
        rows.put(key, row);
    }

    public boolean holds(K key) {
        return rows.containsKey(key);
    }

    /** Removes and returns the row held for {@code key}. */
    public Optional<R> take(K key) {
        return Optional.ofNullable(rows.remove(key));
    }

    /** Hands every held row to {@code out}, in the order their keys were first held, and holds none. */
    public void writeAll(Consumer<R> out) {
        List<R> held = new ArrayList<>(rows.values());
        rows.clear();
        held.forEach(out);
    }

    /** Forgets every held row (a task re-initialized after a corruption starts from its stores). */
    public void clear() {
        rows.clear();
    }
}
