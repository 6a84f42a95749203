package com.shopstream.dedup.topology;

import java.nio.ByteBuffer;

/** Fixed-width binary keys of the deduplication state. */
final class OrderKeys {

    private OrderKeys() {
    }

    static byte[] orderId(long orderId) {
        return ByteBuffer.allocate(Long.BYTES).putLong(orderId).array();
    }

    /** (order_id, order_ts): the identity of a copy for {@code dropDuplicates(order_id, order_ts)}. */
    static byte[] pair(long orderId, long orderTs) {
        return ByteBuffer.allocate(2 * Long.BYTES).putLong(orderId).putLong(orderTs).array();
    }
}
