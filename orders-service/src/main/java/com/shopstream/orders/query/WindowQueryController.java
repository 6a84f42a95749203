package com.shopstream.orders.query;

import com.shopstream.orders.topology.WindowQuery;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /windows/{query}?from=…&to=…}: the current aggregates of the windows starting in {@code [from, to]}
 * (ISO-8601 instants), across all instances of the service. Read-only; bad input is a 400, an unknown query a 404.
 * A range wider than {@code maxRange}, or one holding more than {@code maxRows} windows, is a 400 naming the limit:
 * an answer is never cut short, and no request makes an instance load a whole store.
 */
@RestController
public class WindowQueryController {

    private final Map<String, WindowQuery> queries;
    private final WindowStoreReader reader;
    private final Duration maxRange;
    private final int maxRows;

    public WindowQueryController(List<WindowQuery> queries, WindowStoreReader reader, Duration maxRange,
                                 int maxRows) {
        this.queries = queries.stream().collect(Collectors.toMap(WindowQuery::name, Function.identity()));
        this.reader = reader;
        this.maxRange = maxRange;
        this.maxRows = maxRows;
    }

    @GetMapping("/windows/{query}")
    public List<WindowRow> windows(@PathVariable String query, @RequestParam String from, @RequestParam String to,
                                   @RequestParam(defaultValue = "false") boolean local) {
        WindowQuery windowQuery = queries.get(query);
        if (windowQuery == null) {
            throw new WindowQueryException(HttpStatus.NOT_FOUND, "no window query named '" + query + "'; this "
                    + "service runs " + queries.keySet().stream().sorted().toList());
        }
        Instant start = instant(from, "from");
        Instant end = instant(to, "to");
        if (start.isAfter(end)) {
            throw new WindowQueryException(HttpStatus.BAD_REQUEST, "from " + start + " is after to " + end);
        }
        if (Duration.between(start, end).compareTo(maxRange) > 0) {
            throw new WindowQueryException(HttpStatus.BAD_REQUEST, "from " + start + " to " + end + " is wider than "
                    + maxRange + " (shopstream.orders.query-max-range): ask for less");
        }
        List<WindowRow> rows = reader.read(windowQuery, start, end, local, maxRows);
        if (rows.size() > maxRows) {
            throw tooMany();
        }
        return rows;
    }

    private WindowQueryException tooMany() {
        return new WindowQueryException(HttpStatus.BAD_REQUEST, "more than " + maxRows
                + " windows (shopstream.orders.query-max-rows): ask for a narrower range");
    }

    @ExceptionHandler(WindowQueryException.class)
    ResponseEntity<Map<String, String>> failed(WindowQueryException e) {
        return ResponseEntity.status(e.status()).body(Map.of("error", e.getMessage()));
    }

    @ExceptionHandler(MissingServletRequestParameterException.class)
    ResponseEntity<Map<String, String>> missing(MissingServletRequestParameterException e) {
        return ResponseEntity.badRequest().body(Map.of("error", "parameter '" + e.getParameterName()
                + "' is required (an ISO-8601 instant, e.g. 2026-01-22T10:00:00Z)"));
    }

    /** Kafka's timestamps are epoch milliseconds: an instant outside them is no window's start. */
    private static final Instant LATEST = Instant.parse("9999-12-31T23:59:59Z");

    private static Instant instant(String text, String parameter) {
        try {
            Instant instant = Instant.parse(text);
            if (instant.isBefore(Instant.EPOCH) || instant.isAfter(LATEST)) {
                throw new WindowQueryException(HttpStatus.BAD_REQUEST, parameter + " must lie between "
                        + Instant.EPOCH + " and " + LATEST + ", not " + instant);
            }
            return instant;
        } catch (DateTimeParseException e) {
            throw new WindowQueryException(HttpStatus.BAD_REQUEST, parameter + " must be an ISO-8601 instant such as "
                    + "2026-01-22T10:00:00Z, not '" + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "'");
        }
    }
}
