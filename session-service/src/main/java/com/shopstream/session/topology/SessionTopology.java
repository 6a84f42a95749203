package com.shopstream.session.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.model.StreakUpdate;
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
import com.shopstream.eventtime.LatenessRule;
import com.shopstream.eventtime.QueryLateness;
import com.shopstream.eventtime.SessionLateness;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.BranchedKStream;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.state.StoreBuilder;

/**
 * Two per-customer concerns on one repartition by customer:
 * <pre>
 * orders ─ key check ─ source step ─┬─ late topic (behind its own partition's watermark)
 *                                   └─ key by customer ─ repartition (orders-by-customer) ─ frontier tracker ─ event-time order ─┬─ sessions ─┬─ customer-sessions (update)
 *                                                                                                                               │            ├─ customer-sessions-final (append)
 *                                                                                                                               │            └─ late topic (idle)
 *                                                                                                                               └─ streak ─ customer-streaks
 * </pre>
 * Sessions merge and streaks count in the order they see orders, so both see them in the order of their partitions'
 * clocks, not of arrival: what merges and what counts in a row then depends only on each partition's records. The
 * streak refuses nothing (an order counts whenever it arrives); the query's watermark only times customers out.
 *
 * <p>The update rows and the streak can be left out ({@link SessionConfig#writesUpdates}, {@link
 * SessionConfig#runsStreak}): the sessions in append mode alone are Spark's {@code session_window} query, and cost
 * neither the held rows nor the streak's state. Without the streak, an order too late for the sessions goes no further
 * than the late topic.
 */
public final class SessionTopology {

    public static final String SESSIONS = "customer-sessions";
    public static final String STREAKS = "customer-streaks";
    /** The source step of the orders: processor {@code orders-source-clock}, store {@code orders-watermarks}. */
    public static final String SOURCE = "orders";
    /** The repartition by customer ({@code <name>-repartition}), its tracker and its event-time order. */
    public static final String BY_CUSTOMER = "orders-by-customer";

    private SessionTopology() {
    }

    public static Topology build(StreamsBuilder builder, SessionConfig config) {
        ShopTopics topics = config.topics();
        QueryLateness sessions = new QueryLateness(SESSIONS, config.grace(), new SessionLateness(config.gap(),
                config.allowedLateness()));
        QueryLateness streaks = new QueryLateness(STREAKS, config.grace(), LatenessRule.NEVER_LATE);
        List<QueryLateness> queries = config.runsStreak() ? List.of(sessions, streaks) : List.of(sessions);
        List<String> inputs = List.of(config.ordersTopic());
        KStream<String, Order> orders =
                InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()), "orders-source");
        KStream<String, Timed<Order>> timed = EventTimeSteps.source(orders,
                new SourceStep(SOURCE, inputs, queries, SourceStep.Mode.REPORTS),
                topics.orders(config.lateTopic()));
        FrontierStep frontier = new FrontierStep(BY_CUSTOMER, inputs, queries);
        RepartitionBatching batching = new RepartitionBatching(config.repartitionBatchSize(), config.stores());
        KStream<String, Timed<Order>> byCustomer = EventTimeSteps.inEventTimeOrder(
                EventTimeSteps.track(EventTimeSteps.repartition(timed, BY_CUSTOMER,
                        order -> Long.toString(order.customerId()), Order.class, null, batching), frontier),
                frontier, Order.class, config.stores());
        addSessions(byCustomer, sessions, frontier, config);
        if (config.runsStreak()) {
            addStreaks(byCustomer, streaks, frontier, config);
        }
        return builder.build();
    }

    private static void addSessions(KStream<String, Timed<Order>> byCustomer, QueryLateness query,
                                    FrontierStep frontier, SessionConfig config) {
        ShopTopics topics = config.topics();
        SessionWindowProcessor.SessionStores stores = new SessionWindowProcessor.SessionStores(SESSIONS + "-open",
                frontier.storeName());
        long gap = config.gap().toMillis();
        boolean updates = config.writesUpdates();
        // a customer's sessions are read and rewritten by each of their orders, often within one commit interval:
        // kept as objects while they are used in each interval and written once per interval, before the commit
        // (KeyValueState)
        StoreBuilder<?> open = config.stores().keyValueStore(stores.open(), Serdes.String(), new OpenSessionsSerde());
        BranchedKStream<String, SessionChange> kinds = byCustomer
                .process(ProcessorSuppliers.withStores(() -> new SessionWindowProcessor(query, gap,
                                        config.allowedLateness().toMillis(), stores, updates),
                                open, BeforeCommit.signalStore(open)),
                        Named.as(SESSIONS + "-windows"), frontier.storeName())
                .split(Named.as(SESSIONS + "-"))
                .branch((key, change) -> change instanceof SessionChange.Closed, Branched.as("final"));
        if (updates) {
            kinds = kinds.branch((key, change) -> change instanceof SessionChange.Update, Branched.as("updates"));
        }
        Map<String, KStream<String, SessionChange>> changes = kinds.defaultBranch(Branched.as("late"));
        Topic<String, SessionResult> finals = topics.sessionResults(config.finalSessionsTopic());
        Topic<String, Order> late = topics.orders(config.lateTopic());
        if (updates) {
            Topic<String, SessionResult> rows = topics.sessionResults(config.sessionsTopic());
            changes.get(SESSIONS + "-updates")
                    .mapValues(change -> ((SessionChange.Update) change).result(), Named.as(SESSIONS + "-update-rows"))
                    .to(rows.name(), rows.producedAs(SESSIONS + "-update-sink"));
        }
        changes.get(SESSIONS + "-final")
                .mapValues(change -> ((SessionChange.Closed) change).result(), Named.as(SESSIONS + "-final-rows"))
                .to(finals.name(), finals.producedAs(SESSIONS + "-final-sink"));
        changes.get(SESSIONS + "-late")
                .mapValues(change -> ((SessionChange.Late) change).order(), Named.as(SESSIONS + "-idle-late-records"))
                .to(late.name(), late.producedAs(SESSIONS + "-idle-late-sink"));
    }

    private static void addStreaks(KStream<String, Timed<Order>> byCustomer, QueryLateness query,
                                   FrontierStep frontier, SessionConfig config) {
        String state = STREAKS + "-state";
        Topic<String, StreakUpdate> out = config.topics().streaks(config.streaksTopic());
        // written behind, as the sessions' store
        StoreBuilder<?> states = config.stores().keyValueStore(state, Serdes.String(), new StreakStateSerde());
        byCustomer
                .process(ProcessorSuppliers.withStores(() -> new StreakProcessor(query, config.streakThreshold(),
                                        config.streakTimeout(), config.streakClock(), config.streakCheckInterval(),
                                        state, frontier.storeName()),
                                states, BeforeCommit.signalStore(states)),
                        Named.as(STREAKS + "-processor"), frontier.storeName())
                .to(out.name(), out.producedAs(STREAKS + "-sink"));
    }
}
