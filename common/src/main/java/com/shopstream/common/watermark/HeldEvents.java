package com.shopstream.common.watermark;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The value of one entry of the event-time order's buffer: a run of held events in the order they came, each with
 * its clock ({@code newestBefore}), its record key and its serialized {@link Timed.Event}. A batch's held events are
 * one entry, so that holding and releasing them costs one store write and one delete instead of one of each per
 * event.
 *
 * <p>A run's events stay in it until its last one goes: those at or below the frontier before an advance were
 * released by an earlier one (the frontier is stored with the task's other state, in the same transaction), so an
 * advance releases the events between the two frontiers and a run is never rewritten.
 *
 * <p>Layout of a run: {@code -1}, then per event its clock, key length, key (UTF-8), event length and event. One
 * event alone is written as before runs existed — key length, key and event, its clock the one in its store key —
 * so that a release from before runs can still read a buffer written with batches of one.
 */
final class HeldEvents {

    private static final int RUN = -1;

    private HeldEvents() {
    }

    /** A held event as the store keeps it. */
    record Held(long clock, String key, byte[] timed) {
    }

    static byte[] encode(List<Held> events) {
        if (events.size() == 1) {
            byte[] key = events.get(0).key().getBytes(StandardCharsets.UTF_8);
            byte[] timed = events.get(0).timed();
            return ByteBuffer.allocate(Integer.BYTES + key.length + timed.length).putInt(key.length).put(key)
                    .put(timed).array();
        }
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
     * What an advance from {@code after} to {@code upTo} lets go of an entry: its events with a clock in between,
     * decoded, in their order, and whether none is left above {@code upTo} (the entry can go). A run's clocks never go
     * down.
     *
     * @param keyClock the clock in the entry's store key (the clock of a lone event)
     */
    static Release release(byte[] value, long keyClock, long after, long upTo) {
        ByteBuffer in = ByteBuffer.wrap(value);
        int first = in.getInt();
        if (first != RUN) {
            if (keyClock <= after || keyClock > upTo) {
                return new Release(List.of(), keyClock <= upTo);
            }
            byte[] key = new byte[first];
            in.get(key);
            byte[] timed = new byte[in.remaining()];
            in.get(timed);
            return new Release(List.of(new Held(keyClock, new String(key, StandardCharsets.UTF_8), timed)), true);
        }
        List<Held> released = new ArrayList<>();
        while (in.hasRemaining()) {
            long clock = in.getLong();
            if (clock > upTo) {
                return new Release(released, false);
            }
            int keyLength = in.getInt();
            if (clock <= after) {
                in.position(in.position() + keyLength);
                int timedLength = in.getInt();
                in.position(in.position() + timedLength);
                continue;
            }
            byte[] key = new byte[keyLength];
            in.get(key);
            byte[] timed = new byte[in.getInt()];
            in.get(timed);
            released.add(new Held(clock, new String(key, StandardCharsets.UTF_8), timed));
        }
        return new Release(released, true);
    }

    /** The events an advance lets go of an entry, and whether the entry is done with. */
    record Release(List<Held> released, boolean emptied) {
    }
}
