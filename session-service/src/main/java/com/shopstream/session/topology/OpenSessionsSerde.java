package com.shopstream.session.topology;

import com.shopstream.common.serde.BinaryFormat;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/** Store format of a customer's open sessions: version, count, then per session first, last, orders, total. */
final class OpenSessionsSerde implements Serde<List<OpenSession>> {

    private static final byte VERSION = 1;

    @Override
    public Serializer<List<OpenSession>> serializer() {
        return (topic, sessions) -> {
            if (sessions == null) {
                return null;
            }
            List<byte[]> totals = sessions.stream().map(s -> s.total().unscaledValue().toByteArray()).toList();
            int size = 1 + Integer.BYTES;
            for (byte[] total : totals) {
                size += 3 * Long.BYTES + 2 * Integer.BYTES + total.length;
            }
            ByteBuffer out = ByteBuffer.allocate(size).put(VERSION).putInt(sessions.size());
            for (int i = 0; i < sessions.size(); i++) {
                OpenSession s = sessions.get(i);
                out.putLong(s.first()).putLong(s.last()).putLong(s.orders())
                        .putInt(s.total().scale()).putInt(totals.get(i).length).put(totals.get(i));
            }
            return out.array();
        };
    }

    @Override
    public Deserializer<List<OpenSession>> deserializer() {
        return (topic, bytes) -> {
            if (bytes == null) {
                return null;
            }
            ByteBuffer in = BinaryFormat.open(bytes, VERSION, "open-sessions");
            int count = in.getInt();
            List<OpenSession> sessions = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long first = in.getLong();
                long last = in.getLong();
                long orders = in.getLong();
                int scale = in.getInt();
                byte[] unscaled = new byte[in.getInt()];
                in.get(unscaled);
                sessions.add(new OpenSession(first, last, orders, new BigDecimal(new BigInteger(unscaled), scale)));
            }
            return sessions;
        };
    }
}
