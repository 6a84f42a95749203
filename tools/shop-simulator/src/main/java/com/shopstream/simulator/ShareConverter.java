package com.shopstream.simulator;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A share of the stream: a number from 0 to 1. */
final class ShareConverter implements ITypeConverter<Double> {

    @Override
    public Double convert(String value) {
        double share;
        try {
            share = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("must be a number between 0 and 1, not '" + value + "'");
        }
        if (!(share >= 0 && share <= 1)) {
            throw new TypeConversionException("must be between 0 and 1, not " + value);
        }
        return share;
    }
}
