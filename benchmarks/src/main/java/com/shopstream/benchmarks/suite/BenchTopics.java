package com.shopstream.benchmarks.suite;

import java.util.List;

/**
 * The benchmark's topics on the broker. The input topics are named after the stream they hold (seed and size), so a
 * broker that already has them (a running broker, a second run) is not loaded again.
 */
record BenchTopics(String orders, String paymentsRaw, String payments, String paymentsOut, String baselineOut) {

    static BenchTopics of(long seed, long orders) {
        String stream = "bench-" + seed + "-" + orders;
        return new BenchTopics(stream + "-orders", stream + "-payments-raw", stream + "-payments",
                "bench-payments-out", "bench-baseline-orders-per-5m-final");
    }

    List<String> inputs() {
        return List.of(orders, paymentsRaw, payments);
    }

    List<String> outputs() {
        return List.of(paymentsOut, baselineOut);
    }
}
