package com.shopstream.orders.topology;

import com.shopstream.common.serde.BinaryFormat;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * State store format of {@link WindowAggregate}: version byte, count, scale, unscaled total. Binary because every
 * order reads and writes it; versioned because state outlives releases.
 */
public final class WindowAggregateSerde implements Serde<WindowAggregate> {

    private static final byte VERSION = 1;

    @Override
    public Serializer<WindowAggregate> serializer() {
        return (topic, aggregate) -> {
            if (aggregate == null) {
                return null;
            }
            byte[] unscaled = aggregate.total().unscaledValue().toByteArray();
            return ByteBuffer.allocate(1 + Long.BYTES + Integer.BYTES + unscaled.length)
                    .put(VERSION)
                    .putLong(aggregate.orders())
                    .putInt(aggregate.total().scale())
                    .put(unscaled)
                    .array();
        };
    }

    @Override
    public Deserializer<WindowAggregate> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            ByteBuffer buffer = BinaryFormat.open(bytes, VERSION, "window aggregate");
            long orders = buffer.getLong();
            int scale = buffer.getInt();
            byte[] unscaled = new byte[buffer.remaining()];
            buffer.get(unscaled);
            return new WindowAggregate(orders, new BigDecimal(new BigInteger(unscaled), scale));
        };
    }
}
