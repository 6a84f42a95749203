package com.shopstream.benchmarks.suite;

import com.shopstream.benchmarks.baseline.PlainQuery;
import java.util.ArrayList;
import java.util.List;

/**
 * The benchmark's topics on the broker. The input topics are named after the stream they hold (seed and size), so a
 * broker that already has them (a running broker, a second run) is not loaded again. The baselines write to topics
 * named {@code baselinePrefix + output} (the broker creates no topic by itself, so all are created up front).
 */
record BenchTopics(String orders, String paymentsRaw, String payments, String paymentsOut, String baselinePrefix) {

    /** The output of orders-service's per-customer 5-minute run (not a contract query, so not a contract topic). */
    private static final String BY_CUSTOMER_FINAL = "bench-orders-per-5m-by-customer-final";

    String byCustomerFinal() {
        return BY_CUSTOMER_FINAL;
    }

    /** The topics of one generated backlog, named by what makes it (a backlog of the default 1,000 customers as before). */
    static BenchTopics of(long seed, long orders, int customers) {
        String stream = "bench-" + seed + "-" + orders + (customers == 1_000 ? "" : "-c" + customers);
        return new BenchTopics(stream + "-orders", stream + "-payments-raw", stream + "-payments",
                "bench-payments-out", "bench-baseline-");
    }

    List<String> inputs() {
        return List.of(orders, paymentsRaw, payments);
    }

    List<String> outputs() {
        List<String> outputs = new ArrayList<>(List.of(paymentsOut, BY_CUSTOMER_FINAL));
        for (PlainQuery query : PlainQuery.values()) {
            outputs.addAll(query.outputs(baselinePrefix));
        }
        return outputs;
    }
}
