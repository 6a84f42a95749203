package com.shopstream.common.serde;

import com.shopstream.common.json.EventReader;
import com.shopstream.common.json.EventWriter;
import com.shopstream.common.json.ResultJson;
import com.shopstream.common.json.ResultWriter;
import com.shopstream.common.model.JoinRow;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.Payment;
import com.shopstream.common.model.PaymentMismatch;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.model.Customer;
import com.shopstream.common.model.EnrichedOrder;
import com.shopstream.common.model.OrderEvent;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.model.UnmatchedPayment;
import com.shopstream.common.model.WindowResult;
import java.time.Instant;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The one place that binds each kind of topic of the contract to its key and value serdes. Keys are strings
 * everywhere: {@code order_id} as decimal text on the inputs, window, session or customer keys on the outputs.
 */
public final class ShopTopics {

    private final Serde<String> keys = Serdes.String();
    private final Serde<String> orderIdKeys = new IdKeySerde("order_id");
    private final Serde<String> customerIdKeys = new IdKeySerde("customer_id");
    private final Serde<Order> orders;
    private final Serde<Payment> payments;
    private final Serde<OrderEvent> events;
    private final Serde<Customer> customers;
    private final Serde<WindowResult> windowResults = new JsonResultSerde<>(WindowResult.class,
            ResultWriter::write);
    private final Serde<SessionResult> sessionResults = new JsonResultSerde<>(SessionResult.class,
            ResultWriter::write);
    private final Serde<EnrichedOrder> enrichedOrders = new JsonResultSerde<>(EnrichedOrder.class,
            ResultWriter::write);
    private final Serde<StreakUpdate> streaks = new JsonResultSerde<>(StreakUpdate.class, ResultWriter::write);
    private final Serde<JoinRow> joinRows = new JsonResultSerde<>(JoinRow.class, ResultWriter::write);
    // few rows (the exceptions of the reconciliation): the mapper writes them
    private final Serde<UnmatchedPayment> unmatchedPayments = new JsonResultSerde<>(UnmatchedPayment.class,
            ResultJson.MAPPER::writeValueAsBytes);
    private final Serde<PaymentMismatch> paymentMismatches = new JsonResultSerde<>(PaymentMismatch.class,
            ResultJson.MAPPER::writeValueAsBytes);

    private final EventReader reader;

    public ShopTopics(EventReader reader) {
        this.reader = reader;
        this.orders = new EventSerde<>(reader::readOrder, EventWriter::write);
        this.payments = new EventSerde<>(reader::readPayment, EventWriter::write);
        this.events = new EventSerde<>(reader::readEvent, EventWriter::write);
        this.customers = new EventSerde<>(reader::readCustomer, EventWriter::write);
    }

    /** Orders keyed by {@code order_id}: the {@code orders} input, and outputs that carry orders (dedup, late). */
    public Topic<String, Order> orders(String name) {
        return new Topic<>(name, orderIdKeys, orders);
    }

    /** Payments keyed by {@code order_id}: {@code payments} and its late topic. */
    public Topic<String, Payment> payments(String name) {
        return new Topic<>(name, orderIdKeys, payments);
    }

    /** Payments as providers send them, keyed by anything (or nothing): {@code payments-raw}. */
    public Topic<String, Payment> paymentsRaw(String name) {
        return new Topic<>(name, keys, payments);
    }

    /** Orders and payments together, keyed by {@code order_id}: the late topic of a service that reads both. */
    public Topic<String, OrderEvent> events(String name) {
        return new Topic<>(name, orderIdKeys, events);
    }

    /** Customer versions keyed by {@code customer_id}: the {@code customers} input (compacted). */
    public Topic<String, Customer> customers(String name) {
        return new Topic<>(name, customerIdKeys, customers);
    }

    /** Orders with the customer version valid at their {@code order_ts}, keyed by {@code order_id}. */
    public Topic<String, EnrichedOrder> enrichedOrders(String name) {
        return new Topic<>(name, orderIdKeys, enrichedOrders);
    }

    public Topic<String, WindowResult> windowResults(String name) {
        return new Topic<>(name, keys, windowResults);
    }

    public Topic<String, SessionResult> sessionResults(String name) {
        return new Topic<>(name, keys, sessionResults);
    }

    public Topic<String, StreakUpdate> streaks(String name) {
        return new Topic<>(name, keys, streaks);
    }

    public Topic<String, JoinRow> joinRows(String name) {
        return new Topic<>(name, keys, joinRows);
    }

    /** The join's payments that no order matched, keyed by {@code order_id}. */
    public Topic<String, UnmatchedPayment> unmatchedPayments(String name) {
        return new Topic<>(name, keys, unmatchedPayments);
    }

    /** The join's pairs whose amounts differ and orders paid more than once, keyed by {@code order_id}. */
    public Topic<String, PaymentMismatch> paymentMismatches(String name) {
        return new Topic<>(name, keys, paymentMismatches);
    }

    /** The newest event time the inputs' reader accepts now ({@link EventReader#latestAccepted}). */
    public Instant latestAcceptedEventTime() {
        return reader.latestAccepted();
    }

    public Serde<String> keySerde() {
        return keys;
    }

    public Serde<Order> orderSerde() {
        return orders;
    }

    public Serde<Payment> paymentSerde() {
        return payments;
    }
}
