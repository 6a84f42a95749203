package com.shopstream.session.topology;

import com.shopstream.common.serde.BinaryFormat;
import com.shopstream.common.serde.DecimalBytes;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Store format of a customer's sessions: version, count, then per session first, last, orders, total, and (version 2
 * only) its revision and a flags byte (1: its final row holds what it holds, 2: a final row is under its key). Sessions without a final row (all of them unless there
 * is an allowed lateness) are written as version 1, as before revisions existed.
 */
final class OpenSessionsSerde implements Serde<List<OpenSession>> {

    private static final byte UNREVISED = 1;
    private static final byte REVISED = 2;

    @Override
    public Serializer<List<OpenSession>> serializer() {
        return (topic, sessions) -> {
            if (sessions == null) {
                return null;
            }
            // loops, not streams: every changed customer is written at each commit
            int count = sessions.size();
            byte[][] totals = new byte[count][];
            boolean revised = false;
            int size = 1 + Integer.BYTES;
            for (int i = 0; i < count; i++) {
                OpenSession s = sessions.get(i);
                totals[i] = DecimalBytes.unscaled(s.total());
                revised |= s.revision() != 0 || s.finalWritten() || s.finalUnderKey();
                size += 3 * Long.BYTES + 2 * Integer.BYTES + totals[i].length;
            }
            if (revised) {
                size += count * (Integer.BYTES + 1);
            }
            ByteBuffer out = ByteBuffer.allocate(size).put(revised ? REVISED : UNREVISED).putInt(count);
            for (int i = 0; i < count; i++) {
                OpenSession s = sessions.get(i);
                out.putLong(s.first()).putLong(s.last()).putLong(s.orders())
                        .putInt(s.total().scale()).putInt(totals[i].length).put(totals[i]);
                if (revised) {
                    out.putInt(s.revision()).put((byte) ((s.finalWritten() ? 1 : 0) | (s.finalUnderKey() ? 2 : 0)));
                }
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
            ByteBuffer in = ByteBuffer.wrap(bytes);
            boolean revised = BinaryFormat.readVersion(in, "open-sessions", UNREVISED, REVISED) == REVISED;
            int count = in.getInt();
            List<OpenSession> sessions = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                long first = in.getLong();
                long last = in.getLong();
                long orders = in.getLong();
                int scale = in.getInt();
                byte[] unscaled = new byte[in.getInt()];
                in.get(unscaled);
                BigDecimal total = DecimalBytes.decimal(unscaled, scale);
                if (revised) {
                    int revision = in.getInt();
                    byte flags = in.get();
                    sessions.add(new OpenSession(first, last, orders, total, revision, (flags & 1) != 0,
                            (flags & 2) != 0));
                } else {
                    sessions.add(new OpenSession(first, last, orders, total));
                }
            }
            return sessions;
        };
    }
}
