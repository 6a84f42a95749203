package com.shopstream.join.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.serde.BinaryEvents;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The kept side of one input of the join: copies of orders (or payments) keyed by (order_id, event time, copy), so
 * that the other side finds its matches with one range scan, and an {@link ExpiryQueue} of when each copy may go
 * (its event time plus the side's {@code keptFor}), built again from the copies at every start.
 * Event times are stored with the sign bit flipped: byte order is then time order for every instant.
 */
final class JoinState {

    private final KeyValueStore<Bytes, byte[]> copies;
    private final long keptFor;
    private final ExpiryQueue expiry = new ExpiryQueue();

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

    /** Keeps a copy of {@code event} until the watermark passes its event time + {@code keptFor}; returns its key. */
    Bytes add(ShopEvent event, boolean matched) {
        for (int copy = 0; ; copy++) {
            Bytes key = key(event.orderId(), event.eventTimeMillis(), copy);
            if (copies.get(key) == null) {
                copies.put(key, value(event, matched));
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

    void markMatched(Bytes key, ShopEvent event) {
        copies.put(key, value(event, true));
    }

    /** Removes and returns, oldest first, the copies that expire at or before {@code upTo}. */
    List<Kept> removeUpTo(long upTo) {
        List<Kept> removed = new ArrayList<>();
        for (Bytes key : expiry.removeUpTo(upTo)) {
            byte[] value = copies.get(key);
            if (value != null) {
                removed.add(kept(value));
                copies.delete(key);
            }
        }
        return removed;
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

    private static byte[] value(ShopEvent event, boolean matched) {
        ByteBuffer out = ByteBuffer.allocate(1 + BinaryEvents.size(event)).put((byte) (matched ? 1 : 0));
        BinaryEvents.write(event, out);
        return out.array();
    }

    private static Kept kept(byte[] value) {
        ByteBuffer in = ByteBuffer.wrap(value);
        boolean matched = in.get() == 1;
        return new Kept(BinaryEvents.read(in), matched);
    }

    /** A kept copy, and whether anything of the other side has matched it. */
    record Kept(ShopEvent event, boolean matched) {

        Order order() {
            return (Order) event;
        }

        Payment payment() {
            return (Payment) event;
        }
    }
}
