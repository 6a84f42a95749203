package com.shopstream.orders.query;

import org.springframework.http.HttpStatus;

/** A window query that cannot be answered, with the HTTP status that says why. */
public final class WindowQueryException extends RuntimeException {

    private final HttpStatus status;

    public WindowQueryException(HttpStatus status, String message) {
        super(message);
        this.status = status;
    }

    public HttpStatus status() {
        return status;
    }
}
