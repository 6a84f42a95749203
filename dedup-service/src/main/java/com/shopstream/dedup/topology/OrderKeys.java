package com.shopstream.dedup.topology;

import java.nio.ByteBuffer;

/** Fixed-width binary keys of the deduplication state. */
final class OrderKeys {

    private OrderKeys() {
    }

    static byte[] orderId(long orderId) {
        return ByteBuffer.allocate(Long.BYTES).putLong(orderId).array();
    }
}
