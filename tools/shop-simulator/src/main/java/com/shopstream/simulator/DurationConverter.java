package com.shopstream.simulator;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code 30s}, {@code 5m}, {@code 2h}, {@code 250ms}, {@code 1d}, or ISO-8601 ({@code PT5M}). */
final class DurationConverter implements ITypeConverter<Duration> {

    @Override
    public Duration convert(String value) {
        try {
            if (value.startsWith("P") || value.startsWith("p")) {
                return Duration.parse(value);
            }
            if (value.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(value.substring(0, value.length() - 2)));
            }
            long amount = Long.parseLong(value.substring(0, value.length() - 1));
            return switch (value.charAt(value.length() - 1)) {
                case 's' -> Duration.ofSeconds(amount);
                case 'm' -> Duration.ofMinutes(amount);
                case 'h' -> Duration.ofHours(amount);
                case 'd' -> Duration.ofDays(amount);
                default -> throw new NumberFormatException(value);
            };
        } catch (NumberFormatException | DateTimeParseException | StringIndexOutOfBoundsException e) {
            throw new TypeConversionException("must be a duration such as 30s, 5m or 2h, not '" + value + "'");
        }
    }
}
