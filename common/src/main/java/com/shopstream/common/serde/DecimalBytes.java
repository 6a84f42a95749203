package com.shopstream.common.serde;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A decimal's unscaled value in the bytes {@link BigInteger#toByteArray} gives (two's complement, big-endian, the
 * fewest bytes), and back: the binary formats' way of writing amounts and totals. An amount of at most 18 digits
 * (every order's) is written and read without building a {@code BigInteger}, which every order paid for before (it showed
 * in session-service's profile: docs/benchmarks/log.md); the bytes are the same either way.
 */
public final class DecimalBytes {

    /** At most this many digits fit in a long whatever they are. */
    private static final int LONG_DIGITS = 18;

    private DecimalBytes() {
    }

    public static byte[] unscaled(BigDecimal value) {
        if (value.precision() > LONG_DIGITS) {
            return value.unscaledValue().toByteArray();
        }
        // value × 10^scale has scale 0 and, with at most 18 digits, a long inside: no BigInteger on either step
        long unscaled = value.scale() == 0 ? value.longValue() : value.movePointRight(value.scale()).longValue();
        int length = (64 - Long.numberOfLeadingZeros(unscaled < 0 ? ~unscaled : unscaled)) / 8 + 1;
        byte[] bytes = new byte[length];
        for (int i = length - 1; i >= 0; i--) {
            bytes[i] = (byte) unscaled;
            unscaled >>= 8;
        }
        return bytes;
    }

    public static BigDecimal decimal(byte[] unscaled, int scale) {
        if (unscaled.length == 0 || unscaled.length > Long.BYTES) {
            return new BigDecimal(new BigInteger(unscaled), scale);
        }
        long value = unscaled[0];   // sign-extended
        for (int i = 1; i < unscaled.length; i++) {
            value = (value << 8) | (unscaled[i] & 0xff);
        }
        return BigDecimal.valueOf(value, scale);
    }
}
