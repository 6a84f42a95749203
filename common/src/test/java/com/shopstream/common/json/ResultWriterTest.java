package com.shopstream.common.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.model.WindowResult;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The hand-written result rows are the mapper's, byte for byte: the contract's consumers (and the golden files) see
 * no change. Edge values first, then seeded random ones.
 */
class ResultWriterTest {

    private static final List<Instant> INSTANTS = List.of(Instant.EPOCH, Instant.parse("2026-12-01T10:00:00Z"),
            Instant.parse("2026-12-01T10:00:00.100Z"), Instant.parse("2026-12-01T10:00:00.123456Z"),
            Instant.parse("2026-12-01T10:00:00.123456789Z"), Instant.parse("1969-12-31T23:59:59.999Z"),
            Instant.parse("+12026-01-01T00:00:00Z"));
    private static final List<BigDecimal> AMOUNTS = List.of(BigDecimal.ZERO, new BigDecimal("0.00"),
            new BigDecimal("12.30"), new BigDecimal("-5.10"), new BigDecimal("1E+3"), new BigDecimal("0.000001"),
            new BigDecimal("123456789012345678901234567890.99"));

    @Test
    void edgeValuesAreWrittenAsTheMapperWritesThem() {
        for (Instant instant : INSTANTS) {
            for (BigDecimal amount : AMOUNTS) {
                same(new WindowResult(instant, instant.plusSeconds(300), 7, amount));
                same(new WindowResult(instant, instant.plusSeconds(300), 7, amount, 1));
                same(new WindowResult(instant, instant.plusSeconds(300), 7, amount, Integer.MAX_VALUE));
                same(new SessionResult(-1, instant, instant.plusSeconds(180), 0, amount));
                same(new SessionResult(-1, instant, instant.plusSeconds(180), 0, amount, 2));
                same(new JoinRow(1, 2, amount, instant, "p-1 \"quoted\" \\ é ✓", amount, instant));
            }
        }
        same(new WindowResult(null, null, 0, null));
        same(new SessionResult(Long.MAX_VALUE, null, null, Long.MIN_VALUE, null));
        same(new JoinRow(Long.MIN_VALUE, Long.MAX_VALUE, null, null, null, null, null));
        same(new StreakUpdate(0, 0, false));
        same(new StreakUpdate(Long.MAX_VALUE, Long.MIN_VALUE, true));
    }

    @Test
    void randomRowsAreWrittenAsTheMapperWritesThem() {
        Random random = new Random(20261202);
        for (int i = 0; i < 2_000; i++) {
            Instant start = Instant.ofEpochSecond(random.nextInt(2_000_000_000), random.nextInt(1_000_000_000));
            Instant end = Instant.ofEpochMilli(random.nextLong() >> 20);
            BigDecimal total = BigDecimal.valueOf(random.nextLong(), random.nextInt(6) - 1);
            same(new WindowResult(start, end, random.nextLong(), total,
                    random.nextBoolean() ? null : 1 + random.nextInt(1_000)));
            same(new SessionResult(random.nextLong(), start, end, random.nextInt(), total,
                    random.nextBoolean() ? null : random.nextInt()));
            same(new StreakUpdate(random.nextLong(), random.nextLong(), random.nextBoolean()));
            same(random.nextBoolean()
                    ? new JoinRow(random.nextLong(), random.nextLong(), total, start, "pay-" + random.nextInt(),
                            BigDecimal.valueOf(random.nextInt(), 2), end)
                    : new JoinRow(random.nextLong(), random.nextLong(), total, start, null, null, null));
        }
    }

    private static void same(Object row) {
        byte[] mapper = ResultJson.MAPPER.writeValueAsBytes(row);
        byte[] written;
        if (row instanceof WindowResult window) {
            written = ResultWriter.write(window);
        } else if (row instanceof SessionResult session) {
            written = ResultWriter.write(session);
        } else if (row instanceof StreakUpdate streak) {
            written = ResultWriter.write(streak);
        } else {
            written = ResultWriter.write((JoinRow) row);
        }
        assertThat(new String(written, StandardCharsets.UTF_8)).as(row.toString())
                .isEqualTo(new String(mapper, StandardCharsets.UTF_8));
    }
}
