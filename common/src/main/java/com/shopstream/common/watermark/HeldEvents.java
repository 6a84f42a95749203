package com.shopstream.common.watermark;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The value of one entry of the event-time order's buffer: a run of held events in the order they came, each with
 * its clock ({@code newestBefore}), its record key and its serialized {@link Timed.Event}. A batch's held events are
 * one entry, so that holding and releasing them costs one store write each instead of one per event; releasing the
 * first events of a run rewrites the rest without decoding them.
 *
 * <p>Layout: {@code -1}, then per event its clock, key length, key (UTF-8), event length and event. An entry written
 * before runs existed holds one event as key length, key and event; its clock is the one in its store key.
 */
final class HeldEvents {

    private static final int RUN = -1;

    private HeldEvents() {
    }

    /** A held event as the store keeps it. */
    record Held(long clock, String key, byte[] timed) {
    }

    static byte[] encode(List<Held> events) {
        List<byte[]> keys = new ArrayList<>(events.size());
        int size = Integer.BYTES;
        for (Held event : events) {
            byte[] key = event.key().getBytes(StandardCharsets.UTF_8);
            keys.add(key);
            size += Long.BYTES + 2 * Integer.BYTES + key.length + event.timed().length;
        }
        ByteBuffer out = ByteBuffer.allocate(size).putInt(RUN);
        for (int i = 0; i < events.size(); i++) {
            out.putLong(events.get(i).clock()).putInt(keys.get(i).length).put(keys.get(i))
                    .putInt(events.get(i).timed().length).put(events.get(i).timed());
        }
        return out.array();
    }

    /**
     * Splits an entry at {@code frontier}: the events whose clock it has reached, decoded, and the rest as an entry
     * value again ({@code null} when none is left). A run's clocks never go down, so the released ones are a prefix.
     *
     * @param keyClock the clock in the entry's store key (the only clock of an entry from before runs)
     */
    static Split split(byte[] value, long keyClock, long frontier) {
        ByteBuffer in = ByteBuffer.wrap(value);
        int first = in.getInt();
        if (first != RUN) {
            byte[] key = new byte[first];
            in.get(key);
            byte[] timed = new byte[in.remaining()];
            in.get(timed);
            Held only = new Held(keyClock, new String(key, StandardCharsets.UTF_8), timed);
            return keyClock <= frontier ? new Split(List.of(only), null) : new Split(List.of(), value);
        }
        List<Held> released = new ArrayList<>();
        while (in.hasRemaining()) {
            int start = in.position();
            long clock = in.getLong();
            if (clock > frontier) {
                if (released.isEmpty()) {
                    return new Split(released, value);
                }
                byte[] rest = new byte[Integer.BYTES + value.length - start];
                ByteBuffer.wrap(rest).putInt(RUN).put(value, start, value.length - start);
                return new Split(released, rest);
            }
            byte[] key = new byte[in.getInt()];
            in.get(key);
            byte[] timed = new byte[in.getInt()];
            in.get(timed);
            released.add(new Held(clock, new String(key, StandardCharsets.UTF_8), timed));
        }
        return new Split(released, null);
    }

    /** The events an entry lets go at a frontier, and what is left of it ({@code null}: nothing). */
    record Split(List<Held> released, byte[] rest) {
    }
}
