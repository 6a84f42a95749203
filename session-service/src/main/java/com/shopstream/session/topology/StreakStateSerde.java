package com.shopstream.session.topology;

import com.shopstream.common.serde.BinaryFormat;
import java.nio.ByteBuffer;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/** Store format of {@link StreakState}: version, streak, last event time, last arrival. */
final class StreakStateSerde implements Serde<StreakState> {

    private static final byte VERSION = 1;

    @Override
    public Serializer<StreakState> serializer() {
        return (topic, state) -> state == null ? null : ByteBuffer.allocate(1 + 3 * Long.BYTES)
                .put(VERSION).putLong(state.streak()).putLong(state.lastEventTime()).putLong(state.lastArrival())
                .array();
    }

    @Override
    public Deserializer<StreakState> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            ByteBuffer in = BinaryFormat.open(bytes, VERSION, "streak");
            return new StreakState(in.getLong(), in.getLong(), in.getLong());
        };
    }
}
