package com.shopstream.session.topology;

import com.shopstream.common.model.SessionResult;

/**
 * What the session processor emits, keyed {@code <customer_id>@<session_start>}: a change for the update topic (a
 * {@code null} result is a tombstone for a session absorbed by a merge), or a final session for the append topic.
 */
record SessionChange(SessionResult result, boolean isFinal) {

    static SessionChange update(SessionResult result) {
        return new SessionChange(result, false);
    }

    static SessionChange tombstone() {
        return new SessionChange(null, false);
    }

    static SessionChange closed(SessionResult result) {
        return new SessionChange(result, true);
    }
}
