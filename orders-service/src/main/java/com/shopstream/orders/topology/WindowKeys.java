package com.shopstream.orders.topology;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.utils.Bytes;

/**
 * Keys of a window query's store: the window start (8 bytes, sign bit flipped, so byte order is time order) and then
 * the group. Every window of one query has the same size, so start order is also end order: what the watermark makes
 * final, and what a {@code GET /windows} asks for, is one range scan.
 */
public final class WindowKeys {

    private WindowKeys() {
    }

    public static Bytes key(long start, String group) {
        byte[] groupBytes = group.getBytes(StandardCharsets.UTF_8);
        return Bytes.wrap(ByteBuffer.allocate(Long.BYTES + groupBytes.length).putLong(start ^ Long.MIN_VALUE)
                .put(groupBytes).array());
    }

    /** Sorts before every key of windows starting at {@code start}. */
    public static Bytes first(long start) {
        return Bytes.wrap(ByteBuffer.allocate(Long.BYTES).putLong(start ^ Long.MIN_VALUE).array());
    }

    /** Sorts after every key of windows starting at {@code start} or before (the bound of an inclusive range). */
    public static Bytes last(long start) {
        return first(start + 1);
    }

    public static long start(Bytes key) {
        return ByteBuffer.wrap(key.get()).getLong() ^ Long.MIN_VALUE;
    }

    public static String group(Bytes key) {
        byte[] bytes = key.get();
        return new String(bytes, Long.BYTES, bytes.length - Long.BYTES, StandardCharsets.UTF_8);
    }
}
