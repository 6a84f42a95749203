package com.shopstream.common.errors;

import java.util.ArrayList;
import java.util.List;

/** An exception and its causes, outermost first: bounded, since a cause chain can loop (initCause). */
public final class CauseChain {

    private static final int MAX_CAUSES = 32;

    private CauseChain() {
    }

    public static List<Throwable> of(Throwable exception) {
        List<Throwable> chain = new ArrayList<>();
        for (Throwable t = exception; t != null && chain.size() < MAX_CAUSES; t = t.getCause()) {
            chain.add(t);
        }
        return chain;
    }

    /** The innermost cause within the bound ({@code exception} itself when it has none). */
    public static Throwable root(Throwable exception) {
        List<Throwable> chain = of(exception);
        return chain.get(chain.size() - 1);
    }

    /** Whether {@code exception} or one of its causes is of one of {@code types}. */
    public static boolean has(Throwable exception, Class<?>... types) {
        for (Throwable cause : of(exception)) {
            for (Class<?> type : types) {
                if (type.isInstance(cause)) {
                    return true;
                }
            }
        }
        return false;
    }
}
