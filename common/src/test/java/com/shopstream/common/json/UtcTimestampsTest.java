package com.shopstream.common.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAccessor;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class UtcTimestampsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-01-22T10:00:30Z", "2026-01-22T10:00:30.1Z", "2026-01-22T10:00:30.123Z",
            "2026-01-22T10:00:30.123456789Z", "2024-02-29T23:59:59.999Z", "1970-01-01T00:00:00Z",
            "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"})
    void readsTheUtcShapeAsTheFullParserDoes(String text) {
        assertThat(UtcTimestamps.parse(text)).isNotNull().isEqualTo(fullParser(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-30T10:00:30Z", "2026-01-22T24:00:00Z", "2026-01-22T23:59:60Z",
            "2026-13-01T10:00:30Z", "2026-00-10T10:00:30Z", "2026-01-00T10:00:30Z", "2026-04-31T10:00:30Z",
            "1900-02-29T10:00:30Z", "2023-02-29T10:00:30Z", "2026-01-22T10:00:30.Z", "2026-01-22T10:00:30.1234567890Z",
            "2026-01-22t10:00:30Z", "2026-01-22T10:00:30z", " 2026-01-22T10:00:30Z", "2026-01-22T10:00:30Z ",
            "2026-01-22T10:00:30+01:00", "2026-01-22T10:00:30", "2026-01-22T10:00Z", "+2026-01-22T10:00:30Z",
            "2026-01-22 10:00:30Z", "2026-01-22T1a:00:30Z", "2026-01-22T10:00:30,5Z", "yesterday", ""})
    void leavesEverythingElseToTheFullParser(String text) {
        assertThat(UtcTimestamps.parse(text)).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2026-01-22T10:00:3\u0663Z", "2026-01-22T10:00:30\uD83D\uDE00Z",
            "\uD83D\uDE00026-01-22T10:00:30Z", "2026-01-22T10:00:30.\u00B9Z",
            // their low bytes are '0' and 'Z': refused as characters, not as bytes cut from them
            "2026-01-22T10:00:3\u0130Z", "2026-01-22T10:00:30\u015A"})
    void refusesCharactersOutsideAscii(String text) {
        assertThat(UtcTimestamps.parse(text)).isNull();
    }

    @Test
    void readsATimestampAmongOtherBytesWithinItsBoundsOnly() {
        byte[] json = "{\"order_ts\":\"2026-01-22T10:00:30.5Z\",\"x\":\"2026-01-22T10:00:30Z9\"}"
                .getBytes(StandardCharsets.US_ASCII);
        int from = "{\"order_ts\":\"".length();
        int to = from + "2026-01-22T10:00:30.5Z".length();
        assertThat(UtcTimestamps.parse(json, from, to)).isEqualTo(Instant.parse("2026-01-22T10:00:30.500Z"));
        assertThat(UtcTimestamps.parse(json, from, to - 1)).as("without its Z").isNull();
        assertThat(UtcTimestamps.parse(json, from - 1, to)).as("with the quote before it").isNull();
        int second = json.length - "2026-01-22T10:00:30Z9\"}".length();
        assertThat(UtcTimestamps.parse(json, second, second + 20)).isEqualTo(Instant.parse("2026-01-22T10:00:30Z"));
        assertThat(UtcTimestamps.parse(json, second, second + 21)).as("a digit after the Z").isNull();
    }

    @Test
    void agreesWithTheFullParserOnRandomTimes() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 10_000; i++) {
            Instant instant = Instant.ofEpochMilli(random.nextLong(0, 253_402_300_799_999L));
            String text = instant.toString();
            assertThat(UtcTimestamps.parse(text)).as(text).isEqualTo(fullParser(text));
        }
    }

    @Test
    void agreesWithTheFullParserOnRandomTimesOfEveryPrecision() {
        SplittableRandom random = new SplittableRandom(12);
        for (int i = 0; i < 20_000; i++) {
            // years 0 to 9999: before 1970 too
            Instant instant = Instant.ofEpochSecond(random.nextLong(-62_167_219_200L, 253_402_300_800L),
                    nanos(random));
            String text = instant.toString();
            assertThat(UtcTimestamps.parse(text)).as(text).isEqualTo(fullParser(text)).isEqualTo(instant);
        }
    }

    @Test
    void formatsAsInstantToStringDoes() {
        SplittableRandom random = new SplittableRandom(13);
        for (int i = 0; i < 50_000; i++) {
            // years 0 to 9999 by hand, and beyond them as toString does
            Instant instant = Instant.ofEpochSecond(random.nextLong(-62_200_000_000L, 253_500_000_000L),
                    nanos(random));
            assertThat(UtcTimestamps.format(instant)).as(instant.toString()).isEqualTo(instant.toString());
        }
        for (String edge : new String[] {"0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
                "1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "2024-02-29T12:00:00.000001Z",
                "2000-02-29T00:00:00Z", "2100-03-01T00:00:00Z"}) {
            assertThat(UtcTimestamps.format(Instant.parse(edge))).isEqualTo(edge);
        }
    }

    /** Whole seconds, milliseconds, microseconds or nanoseconds, as often as each other. */
    private static int nanos(SplittableRandom random) {
        return switch (random.nextInt(4)) {
            case 0 -> 0;
            case 1 -> random.nextInt(1_000) * 1_000_000;
            case 2 -> random.nextInt(1_000_000) * 1_000;
            default -> random.nextInt(1_000_000_000);
        };
    }

    private static Instant fullParser(String text) {
        try {
            TemporalAccessor parsed = DateTimeFormatter.ISO_DATE_TIME.parseBest(text.trim(), ZonedDateTime::from,
                    LocalDateTime::from);
            return parsed instanceof ZonedDateTime zoned ? zoned.toInstant()
                    : ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return null;
        }
    }
}
