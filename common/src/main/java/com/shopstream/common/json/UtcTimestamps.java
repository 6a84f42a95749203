package com.shopstream.common.json;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The fast path of timestamp reading: the one shape producers send almost always, {@code 2026-01-22T10:00:30Z} or
 * {@code 2026-01-22T10:00:30.123Z}, read by hand. {@code DateTimeFormatter.ISO_DATE_TIME.parseBest} costs several
 * times more (optional sections copy their parse state), and it was a fifth of orders-service's stream thread in the
 * suite benchmark. Anything else — an offset, a zone, no zone, a lower-case letter, spaces, an impossible date — is
 * left to the full parser ({@code null}), so this path accepts exactly the texts the full parser reads as UTC with
 * the same result, and refuses nothing. The date is checked and counted by hand too ({@code LocalDateTime.of} was
 * the next frame at the top of the profile), and {@link #format} writes instants the way {@code Instant.toString}
 * does.
 */
final class UtcTimestamps {

    private static final int SHORTEST = "2026-01-22T10:00:30Z".length();
    private static final int MAX_FRACTION_DIGITS = 9;
    private static final long SECONDS_PER_DAY = 86_400;
    /** Days from 0000-01-01 to 1970-01-01, as in {@code LocalDate}. */
    private static final long DAYS_0000_TO_1970 = 146_097 * 5L - (30L * 365 + 7);

    private UtcTimestamps() {
    }

    /** The instant of {@code yyyy-MM-ddTHH:mm:ss[.fraction]Z}, or {@code null} for any other text. */
    static Instant parse(String text) {
        // every position is checked below, so a character outside ASCII (written '?') is refused as itself would be
        byte[] ascii = text.getBytes(StandardCharsets.US_ASCII);
        return parse(ascii, 0, ascii.length);
    }

    /**
     * {@link #parse(String)} of the ASCII text in {@code bytes[from, to)}: the plain reader finds timestamps in an
     * event's bytes, and making a string of each first showed in that reader's JFR profile (docs/benchmarks/log.md).
     */
    static Instant parse(byte[] bytes, int from, int to) {
        int length = to - from;
        if (length < SHORTEST || bytes[to - 1] != 'Z'
                || bytes[from + 4] != '-' || bytes[from + 7] != '-' || bytes[from + 10] != 'T'
                || bytes[from + 13] != ':' || bytes[from + 16] != ':') {
            return null;
        }
        int year = digits(bytes, from, from + 4);
        int month = digits(bytes, from + 5, from + 7);
        int day = digits(bytes, from + 8, from + 10);
        int hour = digits(bytes, from + 11, from + 13);
        int minute = digits(bytes, from + 14, from + 16);
        int second = digits(bytes, from + 17, from + 19);
        if ((year | month | day | hour | minute | second) < 0) {
            return null;
        }
        int nanos = 0;
        if (length > SHORTEST) {
            int fractionDigits = length - SHORTEST - 1;
            if (bytes[from + 19] != '.' || fractionDigits < 1 || fractionDigits > MAX_FRACTION_DIGITS) {
                return null;
            }
            nanos = digits(bytes, from + 20, from + 20 + fractionDigits);
            if (nanos < 0) {
                return null;
            }
            for (int i = fractionDigits; i < MAX_FRACTION_DIGITS; i++) {
                nanos *= 10;
            }
        }
        if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59
                || second > 59) {
            return null; // February 30th, hour 24, second 60: the full parser says what is wrong
        }
        return Instant.ofEpochSecond(epochDay(year, month, day) * SECONDS_PER_DAY + hour * 3_600L + minute * 60L
                + second, nanos);
    }

    /**
     * {@code instant.toString()} — ISO-8601 in UTC, the fraction in groups of three digits as needed — without
     * {@code DateTimeFormatter}, for years 0 to 9999 (others go to {@code toString}): every output row and every
     * order written to a topic has its instants formatted so.
     */
    static String format(Instant instant) {
        long epochSecond = instant.getEpochSecond();
        long days = Math.floorDiv(epochSecond, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(epochSecond, SECONDS_PER_DAY);
        // civil date of an epoch day (Howard Hinnant's days-to-civil, the proleptic Gregorian calendar)
        long shifted = days + 719_468;
        long era = Math.floorDiv(shifted, 146_097);
        long dayOfEra = shifted - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long monthIndex = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * monthIndex + 2) / 5 + 1);
        int month = (int) (monthIndex < 10 ? monthIndex + 3 : monthIndex - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        if (year < 0 || year > 9999) {
            return instant.toString();
        }
        int nano = instant.getNano();
        int fraction = nano == 0 ? 0 : nano % 1_000_000 == 0 ? 3 : nano % 1_000 == 0 ? 6 : 9;
        char[] out = new char[SHORTEST + (fraction == 0 ? 0 : fraction + 1)];
        put(out, 0, (int) year, 4);
        out[4] = '-';
        put(out, 5, month, 2);
        out[7] = '-';
        put(out, 8, day, 2);
        out[10] = 'T';
        put(out, 11, secondOfDay / 3_600, 2);
        out[13] = ':';
        put(out, 14, secondOfDay / 60 % 60, 2);
        out[16] = ':';
        put(out, 17, secondOfDay % 60, 2);
        if (fraction > 0) {
            out[19] = '.';
            put(out, 20, fraction == 3 ? nano / 1_000_000 : fraction == 6 ? nano / 1_000 : nano, fraction);
        }
        out[out.length - 1] = 'Z';
        return new String(out);
    }

    /** Writes {@code value} as {@code width} decimal digits (leading zeros) at {@code from}. */
    private static void put(char[] out, int from, int value, int width) {
        for (int i = from + width - 1; i >= from; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    private static int daysIn(int year, int month) {
        return switch (month) {
            case 2 -> isLeap(year) ? 29 : 28;
            case 4, 6, 9, 11 -> 30;
            default -> 31;
        };
    }

    private static boolean isLeap(long year) {
        return (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    }

    /** Days from 1970-01-01 to a valid date of a year from 0 on (as {@code LocalDate.toEpochDay}). */
    private static long epochDay(int year, int month, int day) {
        long total = 365L * year + (year + 3) / 4 - (year + 99) / 100 + (year + 399) / 400;
        total += (367 * month - 362) / 12 + day - 1;
        if (month > 2) {
            total -= isLeap(year) ? 1 : 2;
        }
        return total - DAYS_0000_TO_1970;
    }

    /** The ASCII decimal digits of {@code bytes[from, to)} as a number, or -1 if any is not one. */
    private static int digits(byte[] bytes, int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            byte c = bytes[i];
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
