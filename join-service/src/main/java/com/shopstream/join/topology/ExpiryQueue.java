package com.shopstream.join.topology;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.apache.kafka.common.utils.Bytes;

/**
 * The keys of one side's kept copies, in the order they expire: by expiry time, then by key bytes (the order the
 * changelogged {@code ExpiryIndex} kept them in, so the unpaid rows come out as before). In memory only: a copy's
 * expiry follows from its key (its event time, and the side's bound), so {@link JoinState} builds this queue again
 * from its store at every start, and an index store (a put and a delete per record, each with its changelog record)
 * is not needed. What it holds is bounded like the copies: by the watermark.
 */
final class ExpiryQueue {

    private static final Comparator<Entry> ORDER = Comparator.comparingLong(Entry::expiresAt)
            .thenComparing(Entry::key, (a, b) -> Arrays.compareUnsigned(a.get(), b.get()));

    private final TreeSet<Entry> entries = new TreeSet<>(ORDER);

    void add(long expiresAt, Bytes key) {
        entries.add(new Entry(expiresAt, key));
    }

    /** Removes and returns, in order, the keys that expire at or before {@code upTo}. */
    List<Bytes> removeUpTo(long upTo) {
        List<Bytes> expired = new ArrayList<>();
        while (!entries.isEmpty() && entries.first().expiresAt() <= upTo) {
            expired.add(entries.pollFirst().key());
        }
        return expired;
    }

    int size() {
        return entries.size();
    }

    private record Entry(long expiresAt, Bytes key) {
    }
}
