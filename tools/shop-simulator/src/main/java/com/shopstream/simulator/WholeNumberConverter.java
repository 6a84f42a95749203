package com.shopstream.simulator;

import picocli.CommandLine.TypeConversionException;

/** Whole numbers, with underscores where a reader wants them ({@code 1_000_000}), as in Java source. */
final class WholeNumberConverter {

    private WholeNumberConverter() {
    }

    static Long parse(String value) {
        try {
            return Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new TypeConversionException("must be a whole number, not '" + value + "'");
        }
    }

    static Integer parseInt(String value) {
        long number = parse(value);
        if (number != (int) number) {
            throw new TypeConversionException("must be a whole number below 2^31, not '" + value + "'");
        }
        return (int) number;
    }
}
