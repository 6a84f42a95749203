package com.shopstream.join.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.serde.BinaryEvents;
import com.shopstream.common.watermark.ExpiryQueue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The kept side of one input of the join: copies of orders (or payments, or late orders) keyed by (order_id, event
 * time, copy), so that the other side finds its matches with one range scan, and an {@link ExpiryQueue} of when each
 * copy may go (its event time plus the side's {@code keptFor}), built again from the copies at every start.
 * Event times are stored with the sign bit flipped: byte order is then time order for every instant.
 *
 * <p>A value is whether a record of the other side matched the copy (one byte, 0 or 1, as the releases before the
 * reconciliation wrote and read it), the event, then, only if there is more to say, how many matched (one byte, at
 * most {@value #MOST_MATCHES}) and for a late order the watermark of its partition that refused it. A release before
 * reads the flag and the event and ignores the rest, so going back to it reads this store right.
 */
final class JoinState {

    /** Matches counted per copy at most: the reconciliation needs to know only whether there were two. */
    static final int MOST_MATCHES = Byte.MAX_VALUE;
    /** The note of a copy that has none. */
    static final long NO_NOTE = Long.MIN_VALUE;

    private final KeyValueStore<Bytes, byte[]> copies;
    private final long keptFor;
    private final ExpiryQueue<Bytes> expiry = new ExpiryQueue<>();

    /** @param keptFor how long past its event time a copy is kept: until the watermark passes that */
    JoinState(KeyValueStore<Bytes, byte[]> copies, long keptFor) {
        this.copies = copies;
        this.keptFor = keptFor;
        try (KeyValueIterator<Bytes, byte[]> all = copies.all()) {
            while (all.hasNext()) {
                Bytes key = all.next().key;
                expiry.add(expiresAt(key), key);
            }
        }
    }

    /**
     * Keeps a copy of {@code event}, which {@code matches} records of the other side matched so far, until the
     * watermark passes its event time + {@code keptFor}; returns its key.
     */
    Bytes add(OrderEvent event, int matches) {
        return add(event, matches, NO_NOTE);
    }

    /** {@link #add(OrderEvent, int)} with a note ({@link Kept#note()}). */
    Bytes add(OrderEvent event, int matches, long note) {
        for (int copy = 0; ; copy++) {
            Bytes key = key(event.orderId(), event.eventTimeMillis(), copy);
            if (copies.get(key) == null) {
                copies.put(key, value(event, matches, note));
                expiry.add(event.eventTimeMillis() + keptFor, key);
                return key;
            }
        }
    }

    /** The copies of {@code orderId} with event times in {@code [from, to]}, oldest first. */
    List<KeyValue<Bytes, Kept>> find(long orderId, long from, long to) {
        List<KeyValue<Bytes, Kept>> found = new ArrayList<>();
        try (KeyValueIterator<Bytes, byte[]> range = copies.range(key(orderId, from, 0),
                key(orderId, to, Integer.MAX_VALUE))) {
            while (range.hasNext()) {
                KeyValue<Bytes, byte[]> entry = range.next();
                found.add(KeyValue.pair(entry.key, kept(entry.value)));
            }
        }
        return found;
    }

    /** One more record of the other side matched the copy under {@code key}. */
    void matchedAgain(Bytes key, Kept kept) {
        copies.put(key, value(kept.event(), kept.matches() + 1, kept.note()));
    }

    /**
     * Removes and returns the oldest copy that expires at or before {@code upTo} ({@code null}: none does). One at a
     * time: should writing one's row throw, the copies after it stay kept, and go at the watermark's next move.
     */
    Kept pollUpTo(long upTo) {
        for (ExpiryQueue.Entry<Bytes> entry = expiry.pollUpTo(upTo); entry != null; entry = expiry.pollUpTo(upTo)) {
            byte[] value = copies.get(entry.key());
            if (value != null) {
                copies.delete(entry.key());
                return kept(value);
            }
        }
        return null;
    }

    /** Removes the copies that expire at or before {@code upTo}, whose expiry writes nothing. */
    void dropUpTo(long upTo) {
        while (pollUpTo(upTo) != null) {
            // each goes as it is taken
        }
    }

    /** Copies kept, as the expiry queue counts them. */
    int size() {
        return expiry.size();
    }

    private long expiresAt(Bytes key) {
        return (ByteBuffer.wrap(key.get()).getLong(Long.BYTES) ^ Long.MIN_VALUE) + keptFor;
    }

    private static Bytes key(long orderId, long eventTime, int copy) {
        return Bytes.wrap(ByteBuffer.allocate(2 * Long.BYTES + Integer.BYTES)
                .putLong(orderId ^ Long.MIN_VALUE).putLong(eventTime ^ Long.MIN_VALUE).putInt(copy).array());
    }

    private static byte[] value(OrderEvent event, int matches, long note) {
        int counted = Math.min(matches, MOST_MATCHES);
        // the tail only when there is more to say than the flag: most copies stay as small as before
        boolean tail = counted > 1 || note != NO_NOTE;
        ByteBuffer out = ByteBuffer.allocate(1 + BinaryEvents.size(event)
                        + (tail ? 1 : 0) + (note != NO_NOTE ? Long.BYTES : 0))
                .put((byte) (counted > 0 ? 1 : 0));
        BinaryEvents.write(event, out);
        if (tail) {
            out.put((byte) counted);
        }
        if (note != NO_NOTE) {
            out.putLong(note);
        }
        return out.array();
    }

    private static Kept kept(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        int matched = in.get();
        OrderEvent event = (OrderEvent) BinaryEvents.read(in);
        int matches = in.hasRemaining() ? in.get() : matched;
        return new Kept(event, matches, in.remaining() >= Long.BYTES ? in.getLong() : NO_NOTE);
    }

    /**
     * A kept copy, how many records of the other side have matched it (at most {@value #MOST_MATCHES}), and its note
     * ({@link #NO_NOTE} if none): for a late order, the watermark of its partition that refused it.
     */
    record Kept(OrderEvent event, int matches, long note) {

        boolean matched() {
            return matches > 0;
        }

        Order order() {
            return (Order) event;
        }

        Payment payment() {
            return (Payment) event;
        }
    }
}
