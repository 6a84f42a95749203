package com.shopstream.benchmarks.suite;

/** How many records each input topic holds, and whether this run wrote them or found them there. */
record LoadedStream(long orders, long payments, boolean reused, double loadSeconds) {
}
