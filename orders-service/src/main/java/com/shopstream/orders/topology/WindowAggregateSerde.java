package com.shopstream.orders.topology;

import com.shopstream.common.serde.BinaryFormat;
import com.shopstream.common.serde.DecimalBytes;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * State store format of {@link WindowAggregate}: version byte, count, scale, then (version 2 only) the revision, then
 * the unscaled total. Binary because every order reads and writes it; versioned because state outlives releases. A
 * window no late record revised is written as version 1, as before revisions existed: a query without allowed
 * lateness keeps its state byte for byte, and a build before them still reads it.
 */
public final class WindowAggregateSerde implements Serde<WindowAggregate> {

    private static final byte UNREVISED = 1;
    private static final byte REVISED = 2;

    @Override
    public Serializer<WindowAggregate> serializer() {
        return (topic, aggregate) -> {
            if (aggregate == null) {
                return null;
            }
            byte[] unscaled = DecimalBytes.unscaled(aggregate.total());
            boolean revised = aggregate.revision() != 0;
            ByteBuffer out = ByteBuffer.allocate(1 + Long.BYTES + Integer.BYTES + (revised ? Integer.BYTES : 0)
                            + unscaled.length)
                    .put(revised ? REVISED : UNREVISED)
                    .putLong(aggregate.orders())
                    .putInt(aggregate.total().scale());
            if (revised) {
                out.putInt(aggregate.revision());
            }
            return out.put(unscaled).array();
        };
    }

    @Override
    public Deserializer<WindowAggregate> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            boolean revised = BinaryFormat.readVersion(buffer, "window aggregate", UNREVISED, REVISED) == REVISED;
            long orders = buffer.getLong();
            int scale = buffer.getInt();
            int revision = revised ? buffer.getInt() : 0;
            byte[] unscaled = new byte[buffer.remaining()];
            buffer.get(unscaled);
            return new WindowAggregate(orders, DecimalBytes.decimal(unscaled, scale), revision);
        };
    }
}
