package com.shopstream.localkafka;

import java.nio.file.Path;

/** What the {@code local-kafka} command runs: a single broker, one node of a cluster, or a whole cluster. */
interface LocalProcess extends AutoCloseable {

    /** Returns once clients can use it; fails, having stopped what it started, if it cannot get there. */
    void startup() throws Exception;

    /** The one line the command prints when clients may connect. */
    String readyLine();

    /** Where its data stays between runs. */
    Path dataDir();

    /** Blocks until it has stopped. */
    void awaitShutdown();

    /** Stops it and waits; {@code true} if this call did the stopping, rather than an earlier one. */
    boolean closeOnce();

    @Override
    default void close() {
        closeOnce();
    }

    /** Stops what a failed start had started; a failure to stop goes with the start's failure, which stays the one. */
    default void stopAfterFailedStart(Throwable failure) {
        try {
            close();
        } catch (RuntimeException closeFailure) {
            failure.addSuppressed(closeFailure);
        }
    }
}
