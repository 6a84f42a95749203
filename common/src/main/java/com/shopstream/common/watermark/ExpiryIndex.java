package com.shopstream.common.watermark;

import java.nio.ByteBuffer;
import java.util.function.ObjLongConsumer;
import com.shopstream.common.streams.StateStoreKind;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * A store of keys, each with the event time at which its state expires, for state that is nothing but that: the key
 * is the store's key, and the store's value is empty. Index keys are the expiry time (8 bytes, big-endian, so byte
 * order is time order for non-negative times) followed by the state's key: the layout every release of the pair
 * deduplication wrote. The order in which they expire is not read from the store: its owner keeps it in memory
 * ({@link ExpiryQueue}) and builds it again from {@link #forEach} at each start.
 */
public final class ExpiryIndex {

    private final KeyValueStore<Bytes, byte[]> store;

    public ExpiryIndex(KeyValueStore<Bytes, byte[]> store) {
        this.store = store;
    }

    /** A changelogged index store. */
    public static StoreBuilder<KeyValueStore<Bytes, byte[]>> storeBuilder(String name, StateStoreKind kind) {
        return kind.keyValueStore(name, Serdes.Bytes(), Serdes.ByteArray());
    }

    public void add(long expiresAt, byte[] key) {
        store.put(indexKey(expiresAt, key), new byte[0]);
    }

    public void remove(long expiresAt, byte[] key) {
        store.delete(indexKey(expiresAt, key));
    }

    /** Gives every key the store holds, with its expiry: oldest first, for the non-negative times of event time. */
    public void forEach(ObjLongConsumer<byte[]> keyAndExpiry) {
        try (KeyValueIterator<Bytes, byte[]> all = store.all()) {
            while (all.hasNext()) {
                KeyValue<Bytes, byte[]> entry = all.next();
                ByteBuffer indexKey = ByteBuffer.wrap(entry.key.get());
                long expiresAt = indexKey.getLong();
                byte[] key = new byte[indexKey.remaining()];
                indexKey.get(key);
                keyAndExpiry.accept(key, expiresAt);
            }
        }
    }

    private static Bytes indexKey(long expiresAt, byte[] key) {
        return Bytes.wrap(ByteBuffer.allocate(Long.BYTES + key.length).putLong(expiresAt).put(key).array());
    }
}
