package com.shopstream.common.json;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.TemporalAccessor;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;

/**
 * Typed, strict reads of one JSON field value with the parser positioned on the value token. Each failure names the
 * field and says what is wrong in a few words, because that sentence is all an operator sees of a dead letter.
 */
final class JsonFields {

    static final int MAX_FRACTION_DIGITS = 2;
    static final int MAX_INTEGER_DIGITS = 15;
    private static final int MAX_ECHO = 40;
    /** A timestamp after it is refused ("is after 9999-12-31"). */
    static final Instant LATEST = Instant.parse("9999-12-31T23:59:59.999Z");

    private JsonFields() {
    }

    static long integer(JsonParser parser, String field) {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NUMBER_INT) {
            if (parser.getNumberType() != JsonParser.NumberType.INT
                    && parser.getNumberType() != JsonParser.NumberType.LONG) {
                throw new InvalidEventException(field, field + " is out of range");
            }
            return parser.getLongValue();
        }
        throw new InvalidEventException(field, field + " " + describeNonInteger(token));
    }

    static BigDecimal amount(JsonParser parser, String field) {
        JsonToken token = parser.currentToken();
        if (token != JsonToken.VALUE_NUMBER_INT && token != JsonToken.VALUE_NUMBER_FLOAT) {
            throw new InvalidEventException(field, field + " " + describeNonNumber(token));
        }
        BigDecimal value;
        try {
            value = parser.getDecimalValue();
        } catch (NumberFormatException beyondLimits) {
            // an exponent past BigDecimal's scale (1e2449322160): Jackson refuses to build it
            throw new InvalidEventException(field, field + " is out of range");
        }
        if (value.signum() < 0) {
            throw new InvalidEventException(field, field + " is negative");
        }
        // 12.500 is the same amount as 12.50: count the digits the value needs, not the ones it was written with
        BigDecimal significant = value.stripTrailingZeros();
        if (significant.scale() > MAX_FRACTION_DIGITS) {
            throw new InvalidEventException(field, field + " has " + significant.scale() + " fraction digits");
        }
        if (significant.precision() - significant.scale() > MAX_INTEGER_DIGITS) {
            throw new InvalidEventException(field, field + " has more than " + MAX_INTEGER_DIGITS + " integer digits");
        }
        return value.setScale(MAX_FRACTION_DIGITS, RoundingMode.UNNECESSARY);
    }

    static String text(JsonParser parser, String field, int maxLength) {
        JsonToken token = parser.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            throw new InvalidEventException(field, field + " is null");
        }
        if (token != JsonToken.VALUE_STRING) {
            throw new InvalidEventException(field, field + " must be a string");
        }
        String value = parser.getString();
        if (value.isBlank()) {
            throw new InvalidEventException(field, field + " is empty");
        }
        if (value.length() > maxLength) {
            throw new InvalidEventException(field, field + " is longer than " + maxLength + " characters");
        }
        return value;
    }

    /** ISO-8601 text (with {@code Z}, an offset or a zone; without one it is UTC) or integral epoch milliseconds. */
    static Instant timestamp(JsonParser parser, String field) {
        JsonToken token = parser.currentToken();
        Instant instant;
        if (token == JsonToken.VALUE_STRING) {
            instant = isoInstant(parser.getString(), field);
        } else if (token == JsonToken.VALUE_NUMBER_INT) {
            if (parser.getNumberType() != JsonParser.NumberType.INT
                    && parser.getNumberType() != JsonParser.NumberType.LONG) {
                throw new InvalidEventException(field, field + " is out of range");
            }
            instant = Instant.ofEpochMilli(parser.getLongValue());
        } else if (token == JsonToken.VALUE_NUMBER_FLOAT) {
            throw new InvalidEventException(field, field + " epoch milliseconds must be an integer");
        } else if (token == JsonToken.VALUE_NULL) {
            throw new InvalidEventException(field, field + " is null");
        } else {
            throw new InvalidEventException(field, field + " must be an ISO-8601 string or epoch milliseconds");
        }
        // Kafka Streams timestamps are non-negative epoch milliseconds
        if (instant.isBefore(Instant.EPOCH)) {
            throw new InvalidEventException(field, field + " is before 1970-01-01T00:00:00Z");
        }
        if (instant.isAfter(LATEST)) {
            throw new InvalidEventException(field, field + " is after 9999-12-31");
        }
        return instant;
    }

    private static Instant isoInstant(String text, String field) {
        Instant utc = UtcTimestamps.parse(text);
        if (utc != null) {
            return utc;
        }
        try {
            TemporalAccessor parsed = DateTimeFormatter.ISO_DATE_TIME.parseBest(text.trim(),
                    ZonedDateTime::from, LocalDateTime::from);
            return parsed instanceof ZonedDateTime zoned
                    ? zoned.toInstant()
                    : ((LocalDateTime) parsed).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw new InvalidEventException(field, field + " is not an ISO-8601 timestamp: \"" + echo(text) + "\"");
        }
    }

    private static String describeNonInteger(JsonToken token) {
        return switch (token) {
            case VALUE_NULL -> "is null";
            case VALUE_NUMBER_FLOAT -> "is not an integer";
            case VALUE_STRING -> "must be a JSON number, not a string";
            default -> "must be an integer";
        };
    }

    private static String describeNonNumber(JsonToken token) {
        return switch (token) {
            case VALUE_NULL -> "is null";
            case VALUE_STRING -> "must be a JSON number, not a string";
            default -> "must be a number";
        };
    }

    static String echo(String text) {
        return text.length() <= MAX_ECHO ? text : text.substring(0, MAX_ECHO) + "…";
    }
}
