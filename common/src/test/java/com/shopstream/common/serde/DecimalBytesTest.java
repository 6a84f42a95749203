package com.shopstream.common.serde;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bytes are {@code BigInteger#toByteArray}'s, byte for byte, and read back to the same decimal and scale. */
class DecimalBytesTest {

    @Test
    void edgeValuesAreWrittenAsBigIntegerWritesThemAndReadBack() {
        List<BigDecimal> values = new ArrayList<>();
        for (long unscaled : new long[] {0, 1, -1, 127, 128, -128, -129, 255, 256, 32_767, 32_768, -32_769,
                999_999_999_999_999_999L, -999_999_999_999_999_999L, Long.MAX_VALUE, Long.MIN_VALUE,
                Long.MAX_VALUE / 3, Long.MIN_VALUE / 7}) {
            for (int scale : new int[] {0, 2, 6, -3, 18}) {
                values.add(BigDecimal.valueOf(unscaled, scale));
            }
        }
        // about the long's limit: 18 digits take the fast path, 19 (up to 2^63 and past it) must not
        for (String edge : new String[] {"1000000000000000000", "999999999999999999", "9999999999999999999",
                "9223372036854775807", "9223372036854775808", "18446744073709551615"}) {
            for (String sign : new String[] {"", "-"}) {
                values.add(new BigDecimal(sign + edge));
                values.add(new BigDecimal(sign + edge).movePointLeft(2));
            }
        }
        values.add(new BigDecimal("-9223372036854775809"));
        values.add(new BigDecimal("123456789012345678901234567890.99"));
        values.add(new BigDecimal("-0.000000000000000000000001"));
        values.add(new BigDecimal("1E+3"));
        values.add(new BigDecimal("12.50"));
        values.add(new BigDecimal("-5.10"));
        values.forEach(DecimalBytesTest::same);
    }

    @Test
    void randomValuesAreWrittenAsBigIntegerWritesThemAndReadBack() {
        Random random = new Random(20261207);
        for (int i = 0; i < 100_000; i++) {
            long unscaled = random.nextLong() >> random.nextInt(64);
            BigInteger big = random.nextInt(10) == 0 ? new BigInteger(58 + random.nextInt(72), random)
                    .multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1)) : BigInteger.valueOf(unscaled);
            same(new BigDecimal(big, random.nextInt(12) - 2));
        }
    }

    @Test
    void noBytesAreNoNumberAsForBigInteger() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> DecimalBytes.decimal(new byte[0], 2))
                .isInstanceOf(NumberFormatException.class);
    }

    private static void same(BigDecimal value) {
        byte[] bytes = DecimalBytes.unscaled(value);
        assertThat(bytes).as(value.toString()).isEqualTo(value.unscaledValue().toByteArray());
        BigDecimal read = DecimalBytes.decimal(bytes, value.scale());
        assertThat(read).as(value.toString()).isEqualTo(value);
        assertThat(read.scale()).isEqualTo(value.scale());
    }
}
