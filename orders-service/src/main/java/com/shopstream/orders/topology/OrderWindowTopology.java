package com.shopstream.orders.topology;

import com.shopstream.common.model.EnrichedOrder;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.WindowResult;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.streams.InputStreams;
import com.shopstream.common.streams.ProcessorSuppliers;
import com.shopstream.common.watermark.EventTimeSteps;
import com.shopstream.common.watermark.FrontierStep;
import com.shopstream.common.watermark.RepartitionBatching;
import com.shopstream.common.watermark.SourceStep;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.writebehind.BeforeCommit;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.TimeWindowLateness;
import com.shopstream.orders.enrichment.CustomerEnrichment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * Counts and totals of orders per event-time window, for each configured {@link WindowQuery}:
 * <pre>
 * orders ─ key check ─ source step ─┬─ late topic (behind its own partition's watermark)
 *                                   └─ slices, keyed by group ─ batch ─ repartition (orders-by-&lt;group&gt;) ─ frontier tracker ─┬─ &lt;query&gt; windows ─┬─ update topic
 *                                                                                                                           │                   ├─ final topic
 *                                                                                                                           │                   └─ late topic (idle)
 *                                                                                                                           └─ (next query, same group)
 * </pre>
 * Lateness is decided once, before the repartition, against the watermark of the order's own {@code orders}
 * partition, for every query. Behind the repartition each query's windows are made final by the query's watermark:
 * the oldest of every {@code orders} partition's watermarks, learned from the reports the source step sends through
 * the repartition topic. Queries that group alike share the repartition; an ungrouped query's orders all meet in a
 * single partition (one row per window over all orders, as in Spark's single aggregation state). Before the
 * repartition each source task adds its orders up per group and slice of event time ({@link SliceCombiner}: Spark's
 * partial aggregation before its shuffle, Flink's window slicing), so sums cross it, not orders; the orders that must
 * cross as themselves (refused by some window, or possibly too late after an idle partition) go in batches of up to
 * {@code shopstream.repartition-batch-size} per record, and the windows take a batch's orders with one store write
 * per window.
 */
public final class OrderWindowTopology {

    /** The source step of the orders: processor {@code orders-source-clock}, store {@code orders-watermarks}. */
    public static final String SOURCE = "orders";

    private OrderWindowTopology() {
    }

    public static Topology build(StreamsBuilder builder, OrderWindowConfig config) {
        ShopTopics topics = config.topics();
        List<QueryLateness> all = new ArrayList<>();
        Map<GroupBy.Grouping, List<WindowQuery>> byGrouping = new LinkedHashMap<>();
        Map<GroupBy, List<WindowQuery>> byCustomerField = new LinkedHashMap<>();
        for (WindowQuery query : config.queries()) {
            all.add(lateness(query));
            if (query.groupBy() != null && query.groupBy().enriched()) {
                byCustomerField.computeIfAbsent(query.groupBy(), g -> new ArrayList<>()).add(query);
            } else {
                byGrouping.computeIfAbsent(GroupBy.Grouping.of(query.groupBy()), g -> new ArrayList<>()).add(query);
            }
        }
        KStream<String, Order> orders =
                InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()), "orders-source");
        KStream<String, Timed<Order>> timed = EventTimeSteps.source(orders,
                new SourceStep(SOURCE, List.of(config.ordersTopic()), all, SourceStep.Mode.REPORTS),
                topics.orders(config.lateTopic()));
        byGrouping.forEach((grouping, queries) -> {
            String name = grouping.partitionName();
            FrontierStep frontier = new FrontierStep(name, List.of(config.ordersTopic()),
                    queries.stream().map(OrderWindowTopology::lateness).toList());
            RepartitionBatching batching = new RepartitionBatching(config.repartitionBatchSize(), config.stores());
            KStream<String, Timed<Order>> grouped = EventTimeSteps.track(EventTimeSteps.repartitionKeyedBy(timed,
                    name, Order.class, grouping.partitions(), batching,
                    unkeyed -> combine(unkeyed, name, grouping, queries, config)), frontier);
            queries.forEach(query -> addQuery(grouped, query, frontier, config));
        });
        if (config.enrichment() != null) {
            // after the windows: switching it on leaves the windows' sub-topologies numbered as they were. customers
            // joins the orders' sub-topology (one source, merged): it has as many tasks as the larger of the two
            // topics, and a task past the orders' partitions only reads customers
            KStream<String, Timed<EnrichedOrder>> enriched = CustomerEnrichment.add(builder, orders,
                    config.ordersTopic(), config.enrichment(), topics,
                    new RepartitionBatching(config.repartitionBatchSize(), config.stores()),
                    !byCustomerField.isEmpty());
            byCustomerField.forEach((field, queries) -> addEnrichedQueries(enriched, field, queries, config));
        }
        return builder.build();
    }

    /**
     * The partial aggregation of the queries that share a repartition, which keys what it passes on by group:
     * processor and store {@code <name>-slices}.
     */
    private static KStream<String, Timed<Order>> combine(KStream<String, Timed<Order>> unkeyed, String name,
                                                         GroupBy.Grouping grouping, List<WindowQuery> queries,
                                                         OrderWindowConfig config) {
        boolean updates = queries.stream().anyMatch(query -> query.updateTopic() != null);
        String store = name + "-slices";
        // no record cache: orders change memory, and the rows they changed are written once per commit, just before it
        StoreBuilder<?> slices = config.stores().keyValueStore(store, Serdes.Bytes(), Serdes.ByteArray());
        return unkeyed.process(ProcessorSuppliers.withStores(
                        () -> new SliceCombiner(WindowSlices.of(queries), grouping::groupOf,
                                config.partialAggregation(), updates, config.ordersTopic(), grouping.partitions(),
                                name, store,
                                config.topics()::latestAcceptedEventTime, SliceCombiner.MAX_OPEN_PARTIALS),
                        slices, BeforeCommit.signalStore(slices)),
                Named.as(name + "-slices"));
    }

    /**
     * The queries grouped by a field of the customer: behind the enrichment, the orders keyed by the field's group
     * cross repartition {@code orders-by-<field>} one by one, with the enrichment tasks' reports; the source step
     * has judged each order for them as for any query, and the windows skip what it refused.
     */
    private static void addEnrichedQueries(KStream<String, Timed<EnrichedOrder>> enriched, GroupBy field,
                                           List<WindowQuery> queries, OrderWindowConfig config) {
        String name = field.partitionName();
        FrontierStep frontier = new FrontierStep(name, List.of(CustomerEnrichment.QUERY),
                queries.stream().map(OrderWindowTopology::lateness).toList());
        KStream<String, Timed<Order>> grouped = EventTimeSteps.track(EventTimeSteps.repartitionKeyedBy(
                CustomerEnrichment.forWindows(enriched, field), name, Order.class, null, null,
                UnaryOperator.identity()), frontier);
        queries.forEach(query -> addQuery(grouped, query, frontier, config));
    }

    static QueryLateness lateness(WindowQuery query) {
        return new QueryLateness(query.name(), query.grace(), new TimeWindowLateness(query.size(), query.advance(),
                query.allowedLateness()));
    }

    private static void addQuery(KStream<String, Timed<Order>> grouped, WindowQuery query, FrontierStep frontier,
                                 OrderWindowConfig config) {
        ShopTopics topics = config.topics();
        String name = query.name();
        // a window gets a partial from each source partition, mostly within one or two commit intervals: kept as
        // objects while it gets them and written once per interval, before the commit (WriteBehindStore). No record
        // cache: it would only coalesce those writes again, and its tree of keys showed high in the per-customer
        // query's profile (docs/benchmarks/log.md)
        StoreBuilder<?> windows = config.stores().keyValueStore(query.storeName(), Serdes.Bytes(),
                new WindowAggregateSerde());
        Map<String, KStream<String, WindowOutput>> outputs = grouped
                .process(ProcessorSuppliers.withStores(
                                () -> new WindowProcessor(query, lateness(query), frontier.storeName()),
                                windows, BeforeCommit.signalStore(windows)),
                        Named.as(name + "-windows"), frontier.storeName())
                .split(Named.as(name + "-"))
                .branch((key, output) -> output instanceof WindowOutput.Update, Branched.as("updates"))
                .branch((key, output) -> output instanceof WindowOutput.Final, Branched.as("finals"))
                .defaultBranch(Branched.as("late"));
        if (query.updateTopic() != null) {
            Topic<String, WindowResult> updates = topics.windowResults(query.updateTopic());
            outputs.get(name + "-updates")
                    .mapValues(output -> ((WindowOutput.Update) output).result(), Named.as(name + "-update-rows"))
                    .to(updates.name(), updates.producedAs(name + "-update-sink"));
        }
        if (query.finalTopic() != null) {
            Topic<String, WindowResult> finals = topics.windowResults(query.finalTopic());
            outputs.get(name + "-finals")
                    .mapValues(output -> ((WindowOutput.Final) output).result(), Named.as(name + "-final-rows"))
                    .to(finals.name(), finals.producedAs(name + "-final-sink"));
        }
        Topic<String, Order> late = topics.orders(config.lateTopic());
        outputs.get(name + "-late")
                .mapValues(output -> ((WindowOutput.Late) output).order(), Named.as(name + "-idle-late-records"))
                .to(late.name(), late.producedAs(name + "-idle-late-sink"));
    }
}
