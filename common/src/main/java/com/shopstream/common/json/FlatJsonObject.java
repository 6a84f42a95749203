package com.shopstream.common.json;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.io.JsonStringEncoder;
import tools.jackson.core.json.JsonFactory;

/**
 * One flat JSON object written straight into bytes, field by field: what Jackson's streaming generator writes for
 * the same calls, without a generator per row. Creating and closing one per output row (its buffer recycler and
 * contexts) was most of the writers' cost in the profiles (docs/benchmarks/log.md), and dedup-service writes every
 * order it reads. Strings are escaped by Jackson's own encoder; numbers, decimals (plain) and
 * instants ({@link UtcTimestamps#format}) are ASCII. Field names are the contract's, ASCII, written as given.
 */
final class FlatJsonObject {

    private static final JsonStringEncoder STRINGS = JsonStringEncoder.getInstance();
    private static final JsonFactory JSON = new JsonFactory();
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private byte[] bytes;
    private int length;

    /** @param capacity the bytes a typical row needs (it grows when not enough) */
    FlatJsonObject(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
        bytes[length++] = '{';
    }

    FlatJsonObject number(String name, long value) {
        name(name);
        ascii(Long.toString(value));
        return this;
    }

    FlatJsonObject bool(String name, boolean value) {
        name(name);
        ascii(value ? "true" : "false");
        return this;
    }

    /** A decimal as a JSON number in plain notation ({@code 1000}, never {@code 1E+3}); {@code null} as null. */
    FlatJsonObject decimal(String name, BigDecimal value) {
        name(name);
        if (value == null) {
            raw(NULL);
        } else {
            ascii(value.toPlainString());
        }
        return this;
    }

    /** An instant as ISO-8601 text in UTC, as {@code Instant.toString}; {@code null} as null. */
    FlatJsonObject instant(String name, Instant value) {
        name(name);
        if (value == null) {
            raw(NULL);
        } else {
            room(2);
            bytes[length++] = '"';
            ascii(UtcTimestamps.format(value));
            bytes[length++] = '"';
        }
        return this;
    }

    /** A string, escaped as JSON requires; {@code null} as null. */
    FlatJsonObject string(String name, String value) {
        name(name);
        if (value == null) {
            raw(NULL);
        } else {
            raw(quoted(value));
        }
        return this;
    }

    /**
     * The string quoted and escaped. Jackson's encoder refuses a surrogate without its pair, which its generator
     * writes as a six-character escape (a parsed payment id can carry one, written escaped in its input): such a
     * string goes through the generator, as all did before.
     */
    private static byte[] quoted(String value) {
        if (pairedSurrogates(value)) {
            byte[] escaped = STRINGS.quoteAsUTF8(value);
            byte[] quoted = new byte[escaped.length + 2];
            quoted[0] = '"';
            System.arraycopy(escaped, 0, quoted, 1, escaped.length);
            quoted[quoted.length - 1] = '"';
            return quoted;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length() + 16);
        try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
            json.writeString(value);
        }
        return out.toByteArray();
    }

    private static boolean pairedSurrogates(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return false;
            }
        }
        return true;
    }

    /** The object, closed. */
    byte[] bytes() {
        room(1);
        bytes[length++] = '}';
        return Arrays.copyOf(bytes, length);
    }

    private void name(String name) {
        room(name.length() + 4);
        if (length > 1) {
            bytes[length++] = ',';
        }
        bytes[length++] = '"';
        ascii(name);
        bytes[length++] = '"';
        bytes[length++] = ':';
    }

    /** Text known to be ASCII (digits, signs, an instant's letters). */
    private void ascii(String text) {
        int n = text.length();
        room(n + 2);
        for (int i = 0; i < n; i++) {
            bytes[length++] = (byte) text.charAt(i);
        }
    }

    private void raw(byte[] more) {
        room(more.length + 2);
        System.arraycopy(more, 0, bytes, length, more.length);
        length += more.length;
    }

    /** Room for {@code more} bytes (callers ask for what they write next, plus slack for their quotes). */
    private void room(int more) {
        if (length + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
        }
    }
}
