package com.shopstream.orders.topology;

import com.shopstream.common.serde.BinaryFormat;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The partials a source task has not sent yet, by slice and group: in memory, and in the changelogged store that
 * makes them survive a crash. Orders change memory only; {@link #flush} writes the rows they changed, and runs before
 * each commit of the task ({@link com.shopstream.common.writebehind.BeforeCommit}), so the store holds at every commit
 * what memory holds. Taking a slice out deletes its rows at once; spreading a slice over more rows writes the new
 * rows before it deletes the old ones.
 *
 * <p>The store holds a row per slice and <em>bucket</em> of groups, not per group: a commit writes, to RocksDB and
 * the changelog, every row changed since the last one, and with a group per customer that was a row for most
 * customers at every commit. A slice starts with as many buckets as the biggest slice before it needed (about
 * {@link #GROUPS_PER_BUCKET} groups each, a power of two) and doubles them when they fill up, rewriting its rows. A
 * row is {@code PARTIAL}, the bucket, the slice's bucket count and the slice start (the bucket first: the record
 * cache keeps its rows in a tree, and keys that differ early compare fast); its value a version byte, the count, and
 * per group its name and {@link SlicePartial}.
 */
final class OpenSlices {

    /** Groups per bucket a slice aims at: few enough that a commit rewrites little besides the changed partials. */
    static final int GROUPS_PER_BUCKET = 16;
    static final byte PARTIAL = 1;
    private static final int MAX_BUCKETS = 1 << 14;
    private static final byte VERSION = 1;
    private static final int MEMBER_BYTES = Short.BYTES + 4 * Long.BYTES;

    /** An open partial, as it is taken out to be sent. */
    record Open(long start, String group, SlicePartial partial) {
    }

    private final KeyValueStore<Bytes, byte[]> store;
    private final TreeMap<Long, Slice> slices = new TreeMap<>();
    /** The most groups any slice had: how many buckets the next one starts with. */
    private int mostGroups;
    /** Partials open in all slices. */
    private int size;
    private Slice last;

    OpenSlices(KeyValueStore<Bytes, byte[]> store) {
        this.store = store;
    }

    /** Loads what the store holds (a task that starts again, or a revived one). */
    void load() {
        slices.clear();
        last = null;
        mostGroups = 0;
        size = 0;
        Set<Long> mixed = new TreeSet<>();
        List<Bytes> otherLayout = new ArrayList<>();
        try (KeyValueIterator<Bytes, byte[]> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<Bytes, byte[]> row = all.next();
                ByteBuffer key = ByteBuffer.wrap(row.key.get());
                if (key.get() != PARTIAL) {
                    continue;
                }
                int bucket = key.getShort() & 0xffff;
                int buckets = key.getShort() & 0xffff;
                long start = key.getLong();
                Slice slice = slices.computeIfAbsent(start, s -> new Slice(s, buckets));
                if (buckets == slice.buckets) {
                    slice.stored[bucket] = true;
                } else {
                    // a slice's rows change layout within one commit, so under exactly_once_v2 a store never holds
                    // two; at_least_once can leave both after a crash in the middle of a rebucket: the groups of both
                    // are added up (at least once: a sum may count twice, never not at all) and written in one
                    otherLayout.add(row.key);
                    mixed.add(start);
                }
                for (Open open : decode(start, row.value)) {
                    Member member = slice.groups.get(open.group());
                    if (member == null) {
                        slice.add(open.group(), open.partial());
                    } else {
                        member.partial.merge(open.partial());
                    }
                }
            }
        }
        for (long start : mixed) {
            Slice slice = slices.get(start);
            slice.rebucket(slice.buckets);
        }
        // only once the merged rows are written: at_least_once then never holds neither layout
        otherLayout.forEach(store::delete);
        slices.values().forEach(slice -> mostGroups = Math.max(mostGroups, slice.groups.size()));
    }

    /** How many partials are open, in all slices: each is in memory. */
    int size() {
        return size;
    }

    boolean isEmpty() {
        return slices.isEmpty();
    }

    /** The oldest open slice's start; only when not {@link #isEmpty}. */
    long firstStart() {
        return slices.firstKey();
    }

    /**
     * Adds an order to its group's partial of the slice (its row is written at the next {@link #flush}).
     *
     * @return {@code false}, adding nothing, when the partial's total would overflow (send it first)
     */
    boolean add(long start, String group, long cents, long eventTime) {
        Slice slice = slice(start);
        Member member = slice.groups.get(group);
        if (member == null) {
            member = slice.add(group, new SlicePartial());
            if (slice.groups.size() > slice.buckets * 2 * GROUPS_PER_BUCKET && slice.buckets < MAX_BUCKETS) {
                slice.rebucket(slice.buckets * 2);
            }
        }
        if (!member.partial.takes(cents)) {
            return false;
        }
        member.partial.add(cents, eventTime);
        slice.dirty[member.bucket] = true;
        return true;
    }

    /** Writes every row changed since the last flush: before each commit, so the commit has what memory has. */
    void flush() {
        for (Slice slice : slices.values()) {
            for (int bucket = 0; bucket < slice.buckets; bucket++) {
                if (slice.dirty[bucket]) {
                    slice.write(bucket);
                }
            }
        }
    }

    /** Takes the slice out, its rows deleted. */
    List<Open> take(long start) {
        Slice slice = slices.remove(start);
        if (slice == last) {
            last = null;
        }
        size -= slice.groups.size();
        List<Open> taken = new ArrayList<>(slice.groups.size());
        slice.groups.values().forEach(member -> taken.add(new Open(start, member.group, member.partial)));
        slice.deleteStored();
        mostGroups = Math.max(mostGroups, slice.groups.size());
        return taken;
    }

    List<Open> takeAll() {
        List<Open> all = new ArrayList<>();
        while (!slices.isEmpty()) {
            all.addAll(take(slices.firstKey()));
        }
        return all;
    }

    /** Takes one group's partial out of its slice (its row is rewritten at the next {@link #flush}). */
    Open takeOne(long start, String group) {
        Slice slice = slices.get(start);
        Member member = slice.groups.remove(group);
        size--;
        slice.rows.get(member.bucket).remove(member);
        slice.dirty[member.bucket] = true;
        return new Open(start, group, member.partial);
    }

    /** The partials of one stored row (tests read the store with it too). */
    static List<Open> decode(long start, byte[] value) {
        ByteBuffer in = BinaryFormat.open(value, VERSION, "open slice row");
        int count = in.getInt();
        List<Open> partials = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            byte[] group = new byte[in.getShort()];
            in.get(group);
            partials.add(new Open(start, new String(group, StandardCharsets.UTF_8),
                    SlicePartial.of(in.getLong(), in.getLong(), in.getLong(), in.getLong())));
        }
        return partials;
    }

    /** The slice start of a stored row's key, {@link Long#MIN_VALUE} for a row that is not a partial's. */
    static long start(Bytes key) {
        ByteBuffer in = ByteBuffer.wrap(key.get());
        return in.get() == PARTIAL ? in.getLong(1 + 2 * Short.BYTES) : Long.MIN_VALUE;
    }

    private Slice slice(long start) {
        if (last != null && last.start == start) {
            return last;
        }
        Slice slice = slices.get(start);
        if (slice == null) {
            int buckets = 1;
            while (buckets * GROUPS_PER_BUCKET < mostGroups && buckets < MAX_BUCKETS) {
                buckets *= 2;
            }
            slice = new Slice(start, buckets);
            slices.put(start, slice);
        }
        last = slice;
        return slice;
    }

    /** One group's partial, where its row is. */
    private static final class Member {
        final String group;
        final byte[] utf8;
        final SlicePartial partial;
        int bucket;

        Member(String group, SlicePartial partial) {
            this.group = group;
            this.utf8 = group.getBytes(StandardCharsets.UTF_8);
            if (utf8.length > Short.MAX_VALUE) {
                throw new IllegalArgumentException("a group of " + utf8.length + " bytes: at most "
                        + Short.MAX_VALUE);
            }
            this.partial = partial;
        }
    }

    private final class Slice {
        final long start;
        int buckets;
        final GroupIndex<Member> groups = new GroupIndex<>();
        final List<List<Member>> rows = new ArrayList<>();
        private Bytes[] keys;
        /** Rows changed in memory since they were last written. */
        boolean[] dirty;
        /** Rows the store holds. */
        boolean[] stored;

        Slice(long start, int buckets) {
            this.start = start;
            setBuckets(buckets);
        }

        Member add(String group, SlicePartial partial) {
            Member member = new Member(group, partial);
            member.bucket = bucketOf(group);
            groups.put(group, member);
            size++;
            rows.get(member.bucket).add(member);
            return member;
        }

        /**
         * Spreads the groups over more rows (or the same number, to write a merged slice again): the new rows are
         * written at once, then the old ones go. Without a transaction (at_least_once) a crash in between leaves both
         * layouts, which {@link #load} adds up: a sum may count twice, never not at all.
         */
        void rebucket(int more) {
            List<Bytes> old = new ArrayList<>();
            for (int bucket = 0; bucket < buckets; bucket++) {
                if (stored[bucket]) {
                    old.add(key(bucket));
                }
            }
            setBuckets(more);
            for (Member member : groups.values()) {
                member.bucket = bucketOf(member.group);
                rows.get(member.bucket).add(member);
            }
            Set<Bytes> written = new HashSet<>();
            for (int bucket = 0; bucket < buckets; bucket++) {
                if (!rows.get(bucket).isEmpty()) {
                    write(bucket);
                    written.add(key(bucket));
                }
            }
            for (Bytes key : old) {
                if (!written.contains(key)) {
                    store.put(key, null);   // a delete: delete() would read the old value first
                }
            }
        }

        /** Deletes the rows the store holds (a slice made and sent within a commit has none). */
        void deleteStored() {
            for (int bucket = 0; bucket < buckets; bucket++) {
                deleteRow(bucket);
            }
        }

        private void deleteRow(int bucket) {
            if (stored[bucket]) {
                store.put(key(bucket), null);
                stored[bucket] = false;
            }
        }

        void write(int bucket) {
            dirty[bucket] = false;
            List<Member> row = rows.get(bucket);
            if (row.isEmpty()) {
                deleteRow(bucket);
                return;
            }
            int bytes = 1 + Integer.BYTES;
            for (Member member : row) {
                bytes += MEMBER_BYTES + member.utf8.length;
            }
            ByteBuffer out = ByteBuffer.allocate(bytes).put(VERSION).putInt(row.size());
            for (Member member : row) {
                SlicePartial partial = member.partial;
                out.putShort((short) member.utf8.length).put(member.utf8).putLong(partial.orders())
                        .putLong(partial.cents()).putLong(partial.oldest()).putLong(partial.newest());
            }
            store.put(key(bucket), out.array());
            stored[bucket] = true;
        }

        Bytes key(int bucket) {
            if (keys[bucket] == null) {
                keys[bucket] = Bytes.wrap(ByteBuffer.allocate(1 + 2 * Short.BYTES + Long.BYTES).put(PARTIAL)
                        .putShort((short) bucket).putShort((short) buckets).putLong(start).array());
            }
            return keys[bucket];
        }

        private void setBuckets(int count) {
            buckets = count;
            keys = new Bytes[count];
            dirty = new boolean[count];
            stored = new boolean[count];
            rows.clear();
            for (int bucket = 0; bucket < count; bucket++) {
                rows.add(new ArrayList<>());
            }
        }

        private int bucketOf(String group) {
            return (group.hashCode() & 0x7fffffff) % buckets;
        }
    }
}
