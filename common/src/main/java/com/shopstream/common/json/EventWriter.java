package com.shopstream.common.json;

import com.shopstream.common.model.Customer;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.ShopEvent;

/**
 * Writes orders, payments and customer versions in the contract's canonical JSON: amounts with 2 decimals, UTC ISO-8601 instants. Each
 * straight into its bytes ({@link FlatJsonObject}): dedup-service writes every order it reads.
 */
public final class EventWriter {

    private EventWriter() {
    }

    public static byte[] write(Order order) {
        return new FlatJsonObject(96)
                .number("order_id", order.orderId())
                .number("customer_id", order.customerId())
                .decimal("amount", order.amount())
                .instant("order_ts", order.orderTs())
                .bytes();
    }

    public static byte[] write(ShopEvent event) {
        if (event instanceof Order order) {
            return write(order);
        }
        if (event instanceof Payment payment) {
            return write(payment);
        }
        if (event instanceof Customer customer) {
            return write(customer);
        }
        throw new IllegalArgumentException("not an order, a payment or a customer: " + event.getClass().getName());
    }

    public static byte[] write(Customer customer) {
        return new FlatJsonObject(96)
                .number("customer_id", customer.customerId())
                .string("tier", customer.tier())
                .string("country", customer.country())
                .instant("valid_from", customer.validFrom())
                .bytes();
    }

    public static byte[] write(Payment payment) {
        return new FlatJsonObject(112)
                .string("payment_id", payment.paymentId())
                .number("order_id", payment.orderId())
                .decimal("amount", payment.amount())
                .instant("paid_ts", payment.paidTs())
                .bytes();
    }
}
