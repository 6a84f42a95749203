package com.shopstream.common.model;

/** An input event that belongs to an order, and is keyed by its {@code order_id}: an order or a payment. */
public interface OrderEvent extends ShopEvent {

    long orderId();

    @Override
    default String key() {
        return Long.toString(orderId());
    }
}
