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
        readVersion(in, format, version);
        return in;
    }

    /**
     * Reads the version byte of a format this build reads in several versions (a newer one written only when it is
     * needed, so that state written before stays readable): the version found, once it is one of {@code versions}.
     */
    public static byte readVersion(ByteBuffer in, String format, byte... versions) {
        byte found = in.get();
        for (byte version : versions) {
            if (found == version) {
                return found;
            }
        }
        StringBuilder known = new StringBuilder();
        for (byte version : versions) {
            known.append(known.isEmpty() ? "" : ", ").append(version);
        }
        throw new SerializationException("unknown " + format + " format version " + found + " (this build reads "
                + known + ")");
    }
}
