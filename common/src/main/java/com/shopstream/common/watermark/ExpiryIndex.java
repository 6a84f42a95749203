package com.shopstream.common.watermark;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import com.shopstream.common.streams.StateStoreKind;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * Keys ordered by the event time at which their state expires, so that everything the watermark has passed is one
 * range scan away: state expires by the watermark, not by a scan of every key. Index keys are the expiry time
 * (8 bytes, big-endian, so byte order is time order for non-negative times) followed by the state's key.
 */
public final class ExpiryIndex {

    private final KeyValueStore<Bytes, byte[]> store;
    /**
     * Where the next scan starts. Deleted keys stay in RocksDB as tombstones until compaction, and a scan from 0
     * would step over every one of them each time (quadratic over a day of state); nothing expires below this.
     */
    private long scanFrom;

    public ExpiryIndex(KeyValueStore<Bytes, byte[]> store) {
        this.store = store;
    }

    /** A changelogged index store. */
    public static StoreBuilder<KeyValueStore<Bytes, byte[]>> storeBuilder(String name, StateStoreKind kind) {
        return kind.keyValueStore(name, Serdes.Bytes(), Serdes.ByteArray());
    }

    public void add(long expiresAt, byte[] key) {
        store.put(indexKey(expiresAt, key), new byte[0]);
        scanFrom = Math.min(scanFrom, expiresAt);
    }

    public boolean contains(long expiresAt, byte[] key) {
        return store.get(indexKey(expiresAt, key)) != null;
    }

    public void remove(long expiresAt, byte[] key) {
        store.delete(indexKey(expiresAt, key));
    }

    /**
     * Removes and returns, oldest first, the keys that expire at or before {@code upTo}.
     */
    public List<Expired> removeUpTo(long upTo) {
        if (upTo < scanFrom) {
            return List.of();
        }
        List<Expired> expired = new ArrayList<>();
        // the bound is inclusive; the bare prefix of upTo + 1 sorts after every key expiring at upTo
        try (KeyValueIterator<Bytes, byte[]> range = store.range(indexKey(scanFrom, new byte[0]),
                indexKey(upTo + 1, new byte[0]))) {
            while (range.hasNext()) {
                KeyValue<Bytes, byte[]> entry = range.next();
                ByteBuffer indexKey = ByteBuffer.wrap(entry.key.get());
                long expiresAt = indexKey.getLong();
                byte[] key = new byte[indexKey.remaining()];
                indexKey.get(key);
                expired.add(new Expired(expiresAt, key));
            }
        }
        for (Expired entry : expired) {
            remove(entry.expiresAt(), entry.key());
        }
        scanFrom = upTo + 1;
        return expired;
    }

    private static Bytes indexKey(long expiresAt, byte[] key) {
        return Bytes.wrap(ByteBuffer.allocate(Long.BYTES + key.length).putLong(expiresAt).put(key).array());
    }

    /** A key whose state expired at {@code expiresAt}. */
    public record Expired(long expiresAt, byte[] key) {
    }
}
