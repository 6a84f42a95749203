package com.shopstream.orders.enrichment;

import com.shopstream.common.model.Customer;
import com.shopstream.common.model.EnrichedOrder;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.serde.BinaryEvents;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.streams.InputStreams;
import com.shopstream.common.streams.ProcessorSuppliers;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.FrontierStep;
import com.shopstream.common.watermark.RepartitionBatching;
import com.shopstream.common.watermark.SourceStep;
import com.shopstream.common.watermark.Timed;
import com.shopstream.eventtime.LatenessRule;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.orders.topology.GroupBy;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.Stores;

/**
 * The enrichment of orders with the customer version valid at their time, added to orders-service's topology:
 * <pre>
 * orders ─ key check ─┐ (the same source as the windows)
 *                     ├─ merge ─ source step (clocks) ─ repartition by customer_id ─ frontier tracker ─ enrichment ─┬─ orders-enriched
 * customers ─ key check ┘                                                                                         └─ (queries grouped by tier or country)
 * </pre>
 * {@code customers} is a second event-time input, with its own partitions' clocks: {@code valid_from} is its event
 * time. The query's watermark is the oldest over every partition of both topics minus the query's delay; the rules
 * are {@link com.shopstream.eventtime.VersionTiming}'s. Not the DSL's stream-table join: it looks a record up when
 * it is read, so its answer depends on how far the table's topic had been read by then.
 *
 * <p>Names: query {@value #QUERY}; source step {@code orders-enrichment} (processor
 * {@code orders-enrichment-source-clock}, store {@code orders-enrichment-watermarks}); repartition topic
 * {@code orders-enrichment-by-customer-repartition}; stores {@code orders-enrichment-customers} (versioned) and
 * {@code orders-enrichment-held} (versions and orders waiting for the watermark).
 */
public final class CustomerEnrichment {

    public static final String QUERY = "orders-enrichment";
    /** The repartition topic ({@code <name>-repartition}) and the frontier tracker behind it. */
    public static final String BY_CUSTOMER = QUERY + "-by-customer";

    private CustomerEnrichment() {
    }

    /** The stores of the enrichment. */
    record StoreNames(String versions, String held, String frontier) {
    }

    /**
     * Adds the enrichment of {@code orders} (the service's orders source) to {@code builder}: writes
     * {@code orders-enriched}, and gives the enriched orders, stamped with their {@code orders} partition's clock,
     * and, with {@code reports}, the reports of each enrichment task's frontier, for window queries grouped by a
     * customer field ({@link #forWindows}), whose grace must be at least the enrichment's delay.
     */
    public static KStream<String, Timed<EnrichedOrder>> add(StreamsBuilder builder, KStream<String, Order> orders,
                                                           String ordersTopic, EnrichmentConfig config,
                                                           ShopTopics topics, RepartitionBatching batching,
                                                           boolean reports) {
        KStream<String, ShopEvent> customers =
                InputStreams.keyedByCustomer(builder, topics.customers(config.customersTopic()), "customers-source")
                        .mapValues(customer -> (ShopEvent) customer, Named.as("customers-as-events"));
        List<String> inputs = List.of(ordersTopic, config.customersTopic());
        // no order is refused: a settled lookup has the same answer whenever it is made (VersionTiming)
        QueryLateness query = new QueryLateness(QUERY, config.delay(), LatenessRule.NEVER_LATE);
        KStream<String, Timed<ShopEvent>> timed = EventTimeSteps.clocked(
                orders.mapValues(order -> (ShopEvent) order, Named.as(QUERY + "-orders-as-events"))
                        .merge(customers, Named.as(QUERY + "-orders-and-customers")),
                new SourceStep(QUERY, inputs, List.of(query), SourceStep.Mode.REPORTS));
        FrontierStep frontier = new FrontierStep(BY_CUSTOMER, inputs, List.of(query));
        KStream<String, Timed<ShopEvent>> tracked = EventTimeSteps.track(EventTimeSteps.repartition(timed,
                BY_CUSTOMER, CustomerEnrichment::customerOf, ShopEvent.class, null, batching), frontier);

        StoreNames stores = new StoreNames(QUERY + "-customers", QUERY + "-held", frontier.storeName());
        KStream<String, Timed<EnrichedOrder>> enriched = tracked.process(ProcessorSuppliers.withStores(
                        () -> new CustomerEnrichmentProcessor(query, stores, config.historyRetention(), reports),
                        Stores.versionedKeyValueStoreBuilder(
                                Stores.persistentVersionedKeyValueStore(stores.versions(), config.historyRetention()),
                                Serdes.String(), customerSerde()),
                        config.stores().keyValueStore(stores.held(), Serdes.Bytes(), Serdes.ByteArray())),
                Named.as(QUERY), frontier.storeName());
        Topic<String, EnrichedOrder> rows = topics.enrichedOrders(config.outputTopic());
        enriched.filter((key, value) -> value instanceof Timed.Event<EnrichedOrder>, Named.as(QUERY + "-orders"))
                .mapValues(value -> ((Timed.Event<EnrichedOrder>) value).event(), Named.as(QUERY + "-rows"))
                .to(rows.name(), rows.producedAs(QUERY + "-sink"));
        return enriched;
    }

    /**
     * The enriched orders as orders keyed by {@code by}'s group, and the enrichment tasks' reports, for the window
     * queries grouped by {@code by}: the frontier behind their repartition is the oldest of the enrichment tasks'
     * clocks (topic {@value #QUERY}, a partition per task), and each order is judged by its own {@code orders}
     * partition's clock, as the windows of every other query are.
     */
    public static KStream<String, Timed<Order>> forWindows(KStream<String, Timed<EnrichedOrder>> enriched,
                                                           GroupBy by) {
        String name = by.partitionName();
        return enriched
                .selectKey((key, value) -> value instanceof Timed.Event<EnrichedOrder> event
                        ? by.groupOf(event.event()) : EventTimeSteps.NO_KEY, Named.as(name + "-key"))
                .mapValues(CustomerEnrichment::asOrder, Named.as(name + "-orders"));
    }

    private static Timed<Order> asOrder(Timed<EnrichedOrder> value) {
        if (value instanceof Timed.Event<EnrichedOrder> event) {
            EnrichedOrder order = event.event();
            return new Timed.Event<>(new Order(order.orderId(), order.customerId(), order.amount(), order.orderTs()),
                    event.source(), event.partitionCount(), event.newestBefore(), event.newestAfter());
        }
        Timed.Report<EnrichedOrder> report = (Timed.Report<EnrichedOrder>) value;
        return new Timed.Report<>(report.source(), report.partitionCount(), report.newest(), report.idle(),
                report.endOffset());
    }

    private static String customerOf(ShopEvent event) {
        return event instanceof Order order ? Long.toString(order.customerId()) : event.key();
    }

    /** A customer version as the versioned store keeps it: {@link BinaryEvents}' form. */
    private static Serde<Customer> customerSerde() {
        return Serdes.serdeFrom(
                (topic, customer) -> {
                    ByteBuffer out = ByteBuffer.allocate(BinaryEvents.size(customer));
                    BinaryEvents.write(customer, out);
                    return out.array();
                },
                (topic, bytes) -> bytes == null ? null : (Customer) BinaryEvents.read(ByteBuffer.wrap(bytes)));
    }
}
