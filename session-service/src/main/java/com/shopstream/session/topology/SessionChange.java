package com.shopstream.session.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.SessionResult;

/**
 * What the session processor emits, keyed {@code <customer_id>@<session_start>}: a change for the update topic (a
 * {@code null} result is a tombstone for a session absorbed by a merge), a final session for the append topic, or
 * (keyed by order) an order it can no longer count.
 */
sealed interface SessionChange {

    record Update(SessionResult result) implements SessionChange {
    }

    record Closed(SessionResult result) implements SessionChange {
    }

    record Late(Order order) implements SessionChange {
    }

    static SessionChange update(SessionResult result) {
        return new Update(result);
    }

    static SessionChange tombstone() {
        return new Update(null);
    }

    static SessionChange closed(SessionResult result) {
        return new Closed(result);
    }
}
