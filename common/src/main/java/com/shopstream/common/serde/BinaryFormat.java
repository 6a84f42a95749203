package com.shopstream.common.serde;

import java.nio.ByteBuffer;
import org.apache.kafka.common.errors.SerializationException;

/**
 * The first byte of every hand-written binary format (stores, internal topics) is its version, so that a format can
 * change while old rows are still in a changelog: a reader meets an unknown version with a clear error instead of
 * reading garbage.
 */
public final class BinaryFormat {

    private BinaryFormat() {
    }

    /** The bytes after the version byte, once it is {@code version}. */
    public static ByteBuffer open(byte[] bytes, byte version, String format) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        byte found = in.get();
        if (found != version) {
            throw new SerializationException("unknown " + format + " format version " + found + " (this build reads "
                    + version + ")");
        }
        return in;
    }
}
