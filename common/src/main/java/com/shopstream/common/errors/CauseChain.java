package com.shopstream.common.errors;

import java.util.ArrayList;
import java.util.List;

/** An exception and its causes, outermost first: bounded, since a cause chain can loop (initCause). */
final class CauseChain {

    private static final int MAX_CAUSES = 32;

    private CauseChain() {
    }

    static List<Throwable> of(Throwable exception) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = exception; t != null && chain.size() < MAX_CAUSES; t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }
}
