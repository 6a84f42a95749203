package com.shopstream.session.topology;

import com.shopstream.common.model.Order;
import com.shopstream.common.model.SessionResult;
import com.shopstream.common.model.StreakUpdate;
import com.shopstream.common.serde.InputStreams;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.serde.Topic;
import com.shopstream.common.watermark.ExpiryIndex;
import com.shopstream.common.watermark.Guarded;
import com.shopstream.common.watermark.LateRecordRouter;
import com.shopstream.common.watermark.LatenessRule;
import com.shopstream.common.watermark.SessionLateness;
import com.shopstream.common.watermark.WatermarkSpec;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Branched;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Named;
import org.apache.kafka.streams.kstream.Repartitioned;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;
import org.apache.kafka.streams.state.Stores;

/**
 * Two per-customer concerns on one repartition by customer:
 * <pre>
 * orders ─ key check ─ key by customer ─ repartition (orders-by-customer) ─┬─ customer-sessions event-time step ─┬─ late topic
 *                                                                          │     sessions ─┬─ customer-sessions (update)
 *                                                                          │               └─ customer-sessions-final (append)
 *                                                                          └─ customer-streaks watermark ─ streak ─ customer-streaks
 * </pre>
 * The streak refuses nothing (an order counts whenever it arrives); it keeps a watermark only to time customers out.
 */
public final class SessionTopology {

    public static final String SESSIONS = "customer-sessions";
    public static final String STREAKS = "customer-streaks";

    private SessionTopology() {
    }

    public static Topology build(StreamsBuilder builder, SessionConfig config) {
        ShopTopics topics = config.topics();
        KStream<String, Order> byCustomer = InputStreams.keyedByOrder(builder, topics.orders(config.ordersTopic()),
                        "orders-source")
                .selectKey((orderId, order) -> Long.toString(order.customerId()), Named.as("orders-by-customer-key"))
                .repartition(Repartitioned.<String, Order>as("orders-by-customer")
                        .withKeySerde(topics.keySerde())
                        .withValueSerde(topics.orderSerde()));
        addSessions(byCustomer, config);
        addStreaks(byCustomer, config);
        return builder.build();
    }

    private static void addSessions(KStream<String, Order> byCustomer, SessionConfig config) {
        ShopTopics topics = config.topics();
        WatermarkSpec spec = new WatermarkSpec(SESSIONS, config.grace(), new SessionLateness(config.gap()),
                List.of(config.ordersTopic()));
        String open = SESSIONS + "-open";
        String ends = SESSIONS + "-ends";
        long gap = config.gap().toMillis();
        Map<String, KStream<String, SessionChange>> changes = LateRecordRouter
                .route(byCustomer, spec, topics.orders(config.lateTopic()))
                .process(supplier(() -> new SessionWindowProcessor(gap, open, ends),
                                Stores.keyValueStoreBuilder(config.stores().keyValue(open), Serdes.String(),
                                        new OpenSessionsSerde()),
                                ExpiryIndex.storeBuilder(ends, config.stores())),
                        Named.as(SESSIONS + "-windows"))
                .split(Named.as(SESSIONS + "-"))
                .branch((key, change) -> change.isFinal(), Branched.as("final"))
                .defaultBranch(Branched.as("updates"));
        Topic<String, SessionResult> updates = topics.sessionResults(config.sessionsTopic());
        Topic<String, SessionResult> finals = topics.sessionResults(config.finalSessionsTopic());
        changes.get(SESSIONS + "-updates")
                .mapValues(SessionChange::result, Named.as(SESSIONS + "-update-rows"))
                .to(updates.name(), updates.producedAs(SESSIONS + "-update-sink"));
        changes.get(SESSIONS + "-final")
                .mapValues(SessionChange::result, Named.as(SESSIONS + "-final-rows"))
                .to(finals.name(), finals.producedAs(SESSIONS + "-final-sink"));
    }

    private static void addStreaks(KStream<String, Order> byCustomer, SessionConfig config) {
        WatermarkSpec spec = new WatermarkSpec(STREAKS, config.grace(), LatenessRule.NEVER_LATE,
                List.of(config.ordersTopic()));
        String state = STREAKS + "-state";
        String expiry = STREAKS + "-expiry";
        Topic<String, StreakUpdate> out = config.topics().streaks(config.streaksTopic());
        LateRecordRouter.watermarked(byCustomer, spec)
                .process(supplier(() -> new StreakProcessor(config.streakThreshold(), config.streakTimeout(),
                                        config.streakClock(), config.streakCheckInterval(), state, expiry),
                                Stores.keyValueStoreBuilder(config.stores().keyValue(state), Serdes.String(),
                                        new StreakStateSerde()),
                                ExpiryIndex.storeBuilder(expiry, config.stores())),
                        Named.as(STREAKS + "-processor"))
                .to(out.name(), out.producedAs(STREAKS + "-sink"));
    }

    private static <O> ProcessorSupplier<String, Guarded<Order>, String, O> supplier(
            java.util.function.Supplier<Processor<String, Guarded<Order>, String, O>> processor,
            StoreBuilder<?>... stores) {
        return new ProcessorSupplier<>() {
            @Override
            public Processor<String, Guarded<Order>, String, O> get() {
                return processor.get();
            }

            @Override
            public Set<StoreBuilder<?>> stores() {
                return Set.of(stores);
            }
        };
    }
}
