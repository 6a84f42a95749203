package com.shopstream.common.watermark;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Keys in the order their state expires: by expiry time, then by key. It is kept in memory only, for state whose
 * expiry follows from what its store holds: the processor builds the queue again from its store at every start, and
 * finds what the watermark passed without a scan of the store, nor an index store beside it (a put and a delete per
 * entry, each with its changelog record). What it holds is bounded like that state: by the watermark.
 *
 * <p>An entry is a set member: adding one twice keeps one, and {@link #remove} takes it out whoever added it.
 *
 * <p>It lives on the heap (what an entry costs is measured in BENCHMARKS.md), where the state it orders may be in
 * RocksDB: the heap must hold an entry for all the state the watermark leaves open.
 *
 * @param <K> the state's key; its natural order breaks ties of expiry time (for {@code Bytes} and for keys of ASCII
 *            text it is the byte order a store's index would give)
 */
public final class ExpiryQueue<K extends Comparable<? super K>> {

    private final TreeSet<Entry<K>> entries = new TreeSet<>();

    public void add(long expiresAt, K key) {
        entries.add(new Entry<>(expiresAt, key));
    }

    public void remove(long expiresAt, K key) {
        entries.remove(new Entry<>(expiresAt, key));
    }

    public boolean contains(long expiresAt, K key) {
        return entries.contains(new Entry<>(expiresAt, key));
    }

    /**
     * Removes and returns the oldest entry if it expires at or before {@code upTo} ({@code null}: none does). One at
     * a time: should handling one throw, the others stay queued. The one taken is gone even then (put back, it would
     * fail again at every move of the watermark): its state is looked at again only when something puts it back (a
     * write that moves the key's time; for the sessions, a pass over another of the customer's entries, which looks
     * at all their sessions) or at a start.
     */
    public Entry<K> pollUpTo(long upTo) {
        return !entries.isEmpty() && entries.first().expiresAt() <= upTo ? entries.pollFirst() : null;
    }

    /** Removes and returns, oldest first, the entries that expire at or before {@code upTo}. */
    public List<Entry<K>> removeUpTo(long upTo) {
        List<Entry<K>> expired = new ArrayList<>();
        for (Entry<K> due = pollUpTo(upTo); due != null; due = pollUpTo(upTo)) {
            expired.add(due);
        }
        return expired;
    }

    /** Forgets every entry: before the queue is built again from its store. */
    public void clear() {
        entries.clear();
    }

    public int size() {
        return entries.size();
    }

    /** A key whose state expires at {@code expiresAt}. */
    public record Entry<K extends Comparable<? super K>>(long expiresAt, K key) implements Comparable<Entry<K>> {

        // written out: a comparator composed of key extractors boxed the time on every comparison of a lookup
        @Override
        public int compareTo(Entry<K> other) {
            int byTime = Long.compare(expiresAt, other.expiresAt);
            return byTime != 0 ? byTime : key.compareTo(other.key);
        }
    }
}
