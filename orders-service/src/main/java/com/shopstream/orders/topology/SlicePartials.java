package com.shopstream.orders.topology;

import com.shopstream.common.json.InvalidEventException;
import com.shopstream.common.model.Order;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.InputPartition;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The entries of a {@link com.shopstream.common.watermark.Timed.Partials} record, as the combining step writes them
 * and the windows read them: per entry the group, the slice (start and length, so that windows of another layout
 * refuse it instead of miscounting), then count, hundredths, oldest and newest event time. Binary: with the contract's
 * queries most of what crosses the repartition is these. Its version is the repartition record's.
 */
final class SlicePartials {

    private static final int MIN_ENTRY_BYTES = Short.BYTES + 6 * Long.BYTES;

    /** One group's partial of one slice. */
    record Entry(String group, long sliceStart, long sliceLength, SlicePartial partial) {
    }

    private SlicePartials() {
    }

    /** Writes the entries one after another. */
    static final class Writer {

        private final List<byte[]> groups = new ArrayList<>();
        private final List<Entry> entries = new ArrayList<>();
        private int bytes;
        private long newest = Long.MIN_VALUE;

        void add(String group, long sliceStart, long sliceLength, SlicePartial partial) {
            byte[] utf8 = group.getBytes(StandardCharsets.UTF_8);
            if (utf8.length > Short.MAX_VALUE) {
                throw new IllegalArgumentException("a group of " + utf8.length + " bytes: at most "
                        + Short.MAX_VALUE);
            }
            groups.add(utf8);
            entries.add(new Entry(group, sliceStart, sliceLength, partial));
            bytes += MIN_ENTRY_BYTES + utf8.length;
            newest = Math.max(newest, partial.newest());
        }

        int size() {
            return entries.size();
        }

        int bytes() {
            return bytes;
        }

        /** The newest event time of the entries: the record's timestamp. */
        long newest() {
            return newest;
        }

        byte[] encoded() {
            ByteBuffer out = ByteBuffer.allocate(bytes);
            for (int i = 0; i < entries.size(); i++) {
                Entry entry = entries.get(i);
                SlicePartial partial = entry.partial();
                out.putShort((short) groups.get(i).length).put(groups.get(i)).putLong(entry.sliceStart())
                        .putLong(entry.sliceLength()).putLong(partial.orders()).putLong(partial.cents())
                        .putLong(partial.oldest()).putLong(partial.newest());
            }
            return out.array();
        }
    }

    /** One entry as a partials record of its own (a dead letter's value). */
    static Timed.Partials<Order> single(Entry entry, InputPartition source) {
        Writer one = new Writer();
        one.add(entry.group(), entry.sliceStart(), entry.sliceLength(), entry.partial());
        return new Timed.Partials<>(-1, 0, source, one.newest(), 1, one.encoded());
    }

    /** The entries; malformed bytes are the record's fault (a dead letter), not a stop. */
    static List<Entry> entries(byte[] encoded, int size) {
        if (size < 0 || size > encoded.length / MIN_ENTRY_BYTES) {
            throw new InvalidEventException(null, size + " partials cannot be in " + encoded.length + " bytes");
        }
        ByteBuffer in = ByteBuffer.wrap(encoded);
        List<Entry> entries = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            if (in.remaining() < MIN_ENTRY_BYTES) {
                throw new InvalidEventException(null, "partials end after " + i + " of " + size + " entries");
            }
            byte[] group = new byte[in.getShort()];
            in.get(group);
            long start = in.getLong();
            long length = in.getLong();
            SlicePartial partial = SlicePartial.of(in.getLong(), in.getLong(), in.getLong(), in.getLong());
            entries.add(new Entry(new String(group, StandardCharsets.UTF_8), start, length, partial));
        }
        if (in.hasRemaining()) {
            throw new InvalidEventException(null, "partials hold " + in.remaining() + " bytes after their " + size
                    + " entries");
        }
        return entries;
    }
}
