package com.shopstream.benchmarks.baseline;

/**
 * The topics a baseline reads and the prefix of those it writes.
 *
 * @param orders       orders keyed by order id (window, sessions, join, dedup, read, keep, keep-copy)
 * @param payments     payments keyed by order id (join)
 * @param paymentsRaw  payments keyed by payment id (payments)
 * @param outputPrefix prefix of the output topics ({@link PlainQuery#outputs})
 */
public record BaselineTopics(String orders, String payments, String paymentsRaw, String outputPrefix) {
}
