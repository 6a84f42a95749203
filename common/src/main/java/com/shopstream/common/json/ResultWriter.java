package com.shopstream.common.json;

import com.shopstream.common.model.EnrichedOrder;
import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.model.WindowResult;

/**
 * Writes the result rows byte for byte as {@link ResultJson#MAPPER} writes them (fields in the records'
 * {@code @JsonPropertyOrder}, instants as ISO-8601 text, decimals plain, nulls as {@code null}), each straight into
 * its bytes ({@link FlatJsonObject}), because the mapper's reflection and its {@code Instant} formatter, paid for
 * every output row, showed high in session-service's profile (docs/benchmarks/log.md). {@code ResultWriterTest}
 * holds the two outputs equal.
 */
public final class ResultWriter {

    private ResultWriter() {
    }

    public static byte[] write(WindowResult row) {
        FlatJsonObject json = new FlatJsonObject(112)
                .instant("window_start", row.windowStart())
                .instant("window_end", row.windowEnd())
                .number("orders", row.orders())
                .decimal("total", row.total());
        if (row.revision() != null) {
            json.number("revision", row.revision());
        }
        return json.bytes();
    }

    public static byte[] write(SessionResult row) {
        FlatJsonObject json = new FlatJsonObject(128)
                .number("customer_id", row.customerId())
                .instant("session_start", row.sessionStart())
                .instant("session_end", row.sessionEnd())
                .number("orders", row.orders())
                .decimal("total", row.total());
        if (row.revision() != null) {
            json.number("revision", row.revision());
        }
        return json.bytes();
    }

    public static byte[] write(EnrichedOrder row) {
        return new FlatJsonObject(192)
                .number("order_id", row.orderId())
                .number("customer_id", row.customerId())
                .decimal("amount", row.amount())
                .instant("order_ts", row.orderTs())
                .string("tier", row.tier())
                .string("country", row.country())
                .instant("customer_valid_from", row.customerValidFrom())
                .bytes();
    }

    public static byte[] write(StreakUpdate row) {
        return new FlatJsonObject(48)
                .number("customer_id", row.customerId())
                .number("streak", row.streak())
                .bool("timed_out", row.timedOut())
                .bytes();
    }

    public static byte[] write(JoinRow row) {
        return new FlatJsonObject(176)
                .number("order_id", row.orderId())
                .number("customer_id", row.customerId())
                .decimal("order_amount", row.orderAmount())
                .instant("order_ts", row.orderTs())
                .string("payment_id", row.paymentId())
                .decimal("paid_amount", row.paidAmount())
                .instant("paid_ts", row.paidTs())
                .bytes();
    }
}
