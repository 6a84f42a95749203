package com.shopstream.simulator;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --name value}, {@code --name=value} and {@code --flag} options, plus positional arguments. */
final class CommandLine {

    private final Map<String, String> options = new HashMap<>();
    private final Set<String> used = new HashSet<>();
    private final List<String> positional = new ArrayList<>();

    CommandLine(List<String> args, Set<String> flags) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                positional.add(arg);
                continue;
            }
            String name = arg.substring(2);
            int equals = name.indexOf('=');
            if (equals >= 0) {
                options.put(name.substring(0, equals), name.substring(equals + 1));
            } else if (flags.contains(name)) {
                options.put(name, "true");
            } else if (i + 1 < args.size()) {
                options.put(name, args.get(++i));
            } else {
                throw new UsageException("--" + name + " needs a value");
            }
        }
    }

    List<String> positional() {
        return positional;
    }

    boolean flag(String name) {
        used.add(name);
        return Boolean.parseBoolean(options.getOrDefault(name, "false"));
    }

    String text(String name, String fallback) {
        used.add(name);
        return options.getOrDefault(name, fallback);
    }

    long number(String name, long fallback) {
        String value = text(name, null);
        try {
            return value == null ? fallback : Long.parseLong(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be a whole number, not '" + value + "'");
        }
    }

    double share(String name, double fallback) {
        String value = text(name, null);
        try {
            double share = value == null ? fallback : Double.parseDouble(value);
            if (share < 0 || share > 1) {
                throw new UsageException("--" + name + " must be between 0 and 1, not " + value);
            }
            return share;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " must be a number between 0 and 1, not '" + value + "'");
        }
    }

    /** {@code 30s}, {@code 5m}, {@code 2h}, {@code 250ms}, or ISO-8601 ({@code PT5M}). */
    Duration duration(String name, Duration fallback) {
        String value = text(name, null);
        if (value == null) {
            return fallback;
        }
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
            throw new UsageException("--" + name + " must be a duration such as 30s, 5m or 2h, not '" + value + "'");
        }
    }

    Instant instant(String name, Instant fallback) {
        String value = text(name, null);
        try {
            return value == null ? fallback : Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw new UsageException("--" + name + " must be an ISO-8601 instant, not '" + value + "'");
        }
    }

    /** Refuses options the command does not know, so a typo is not silently ignored. */
    void rejectUnknown() {
        Set<String> unknown = new HashSet<>(options.keySet());
        unknown.removeAll(used);
        if (!unknown.isEmpty()) {
            throw new UsageException("unknown option(s): " + unknown.stream().sorted().map(o -> "--" + o).toList());
        }
    }

    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }
}
