package com.shopstream.simulator;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One readable line per record, by the shape of its value: windows, sessions, streaks, join rows, orders, payments. */
final class RowFormat {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private RowFormat() {
    }

    static String line(TopicReader.Row row) {
        String suffix = row.lateQuery() != null ? "   (refused by " + row.lateQuery() + ")"
                : row.errorReason() != null ? "   (dead letter: " + row.errorReason() + ")" : "";
        if (row.value() == null) {
            return String.format("%-52s (tombstone)", row.key());
        }
        JsonNode v;
        try {
            v = JSON.readTree(row.value());
        } catch (RuntimeException e) {
            return String.format("%-52s %s%s", row.key(), row.value(), suffix);
        }
        if (v.has("window_start")) {
            return String.format("%-52s orders %4s  total %10s", row.key(), v.get("orders").asString(),
                    v.get("total").asString());
        }
        if (v.has("session_start")) {
            return String.format("%-52s orders %4s  total %10s  until %s", row.key(), v.get("orders").asString(),
                    v.get("total").asString(), v.get("session_end").asString());
        }
        if (v.has("streak")) {
            return String.format("customer %-8s streak %3s%s", v.get("customer_id").asString(),
                    v.get("streak").asString(), v.get("timed_out").asBoolean() ? "  (timed out)" : "");
        }
        if (v.has("order_amount")) {
            return String.format("order %-8s customer %-5s %s  %s", v.get("order_id").asString(),
                    v.get("customer_id").asString(), v.get("order_ts").asString(),
                    v.get("payment_id").isNull() ? "UNPAID"
                            : "paid by " + v.get("payment_id").asString() + " at " + v.get("paid_ts").asString());
        }
        if (v.has("paid_ts")) {
            return String.format("payment %-10s order %-8s %8s  %s%s", text(v, "payment_id"), text(v, "order_id"),
                    text(v, "amount"), text(v, "paid_ts"), suffix);
        }
        return String.format("order %-8s customer %-5s %8s  %s%s", text(v, "order_id"), text(v, "customer_id"),
                text(v, "amount"), text(v, "order_ts"), suffix);
    }

    private static String text(JsonNode value, String field) {
        JsonNode node = value.get(field);
        return node == null ? "?" : node.asString();
    }
}
