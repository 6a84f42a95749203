package com.shopstream.benchmarks;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.json.EventReader;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.orders.config.OrdersProperties;
import com.shopstream.orders.topology.OrderWindowConfig;
import com.shopstream.orders.topology.OrderWindowTopology;
import com.shopstream.orders.topology.WindowQuery;
import com.shopstream.session.config.SessionProperties;
import com.shopstream.session.topology.SessionConfig;
import com.shopstream.session.topology.SessionTopology;
import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * What an allowed lateness costs in state: the rows of the windows' stores (orders-service's two contract queries)
 * and of the open sessions' store (session-service, 50,000 customers so that sessions close), sampled after every
 * batch of generated orders, for each allowed lateness, with the final rows and revisions written. The services'
 * real topologies and defaults in a TopologyTestDriver, stores in memory; the same stream for every lateness.
 */
final class StateCost {

    private static final int BATCH = 10_000;
    private static final ShopstreamProperties COMMON = ShopstreamProperties.defaults();

    private StateCost() {
    }

    static void run(long orders, long seed, List<Duration> latenesses, PrintStream out) throws Exception {
        GeneratorSettings settings = GeneratorSettings.defaults(seed, orders).withShares(0.01, 0.10, 0, 0);
        ShopTopics topics = new ShopTopics(new EventReader(Clock.systemUTC(), Duration.ofHours(1)));
        out.printf("State with an allowed lateness, %,d generated orders (seed %d), stores in memory, rows sampled "
                + "every %,d orders, JVM %s%n", orders, seed, BATCH, Runtime.version());
        out.printf("%-42s %10s %12s %12s %12s %12s%n", "store", "lateness", "peak rows", "mean rows", "finals",
                "late");
        for (Duration lateness : latenesses) {
            OrderWindowConfig windows = ordersWith(topics, lateness);
            List<String> stores = windows.queries().stream().map(WindowQuery::storeName).toList();
            Sampled sampled = sample("orders-service", settings, builder -> OrderWindowTopology.build(builder,
                    windows), stores, List.of("orders-per-5m-final", "orders-per-10m-every-5m-final"),
                    "orders-service-late");
            for (String store : stores) {
                print(out, store, lateness, sampled, store);
            }
        }
        for (Duration lateness : latenesses) {
            SessionConfig sessions = sessionsWith(topics, lateness);
            Sampled sampled = sample("session-service", settings.withCustomers(50_000),
                    builder -> SessionTopology.build(builder, sessions), List.of(SessionTopology.SESSIONS + "-open"),
                    List.of("customer-sessions-final"), "session-service-late");
            print(out, SessionTopology.SESSIONS + "-open (50,000 customers)", lateness, sampled,
                    SessionTopology.SESSIONS + "-open");
        }
    }

    private static void print(PrintStream out, String label, Duration lateness, Sampled sampled, String store) {
        List<Long> rows = sampled.rows().get(store);
        out.printf("%-42s %10s %,12d %,12.0f %,12d %,12d%n", label, lateness.toString().substring(2).toLowerCase(),
                rows.stream().mapToLong(Long::longValue).max().orElse(0),
                rows.stream().mapToLong(Long::longValue).average().orElse(0), sampled.finals(), sampled.late());
    }

    private static OrderWindowConfig ordersWith(ShopTopics topics, Duration lateness) {
        return bound("shopstream.orders", lateness, OrdersProperties.class)
                .toConfig(COMMON, COMMON.lateTopic("orders-service"), topics);
    }

    private static SessionConfig sessionsWith(ShopTopics topics, Duration lateness) {
        return bound("shopstream.session", lateness, SessionProperties.class)
                .toConfig(COMMON, COMMON.lateTopic("session-service"), topics);
    }

    /** A service's properties as Spring binds them with this allowed lateness and the stores in memory. */
    private static <T> T bound(String prefix, Duration lateness, Class<T> type) {
        return new Binder(new MapConfigurationPropertySource(Map.of(prefix + ".allowed-lateness", lateness.toString(),
                prefix + ".state-stores", "in-memory"))).bindOrCreate(prefix, type);
    }

    /** Rows of each store after every batch, final rows (revisions included) and late records written. */
    private record Sampled(Map<String, List<Long>> rows, long finals, long late) {
    }

    private static Sampled sample(String service, GeneratorSettings settings,
                                  Function<StreamsBuilder, Topology> topology, List<String> stores,
                                  List<String> finalTopics, String lateTopic) throws Exception {
        DriverStreams streams = new DriverStreams(service);
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        Map<String, List<Long>> rows = new java.util.TreeMap<>();
        stores.forEach(store -> rows.put(store, new ArrayList<>()));
        long finals = 0;
        long late = 0;
        try (TopologyTestDriver driver = new TopologyTestDriver(topology.apply(streams.builder()),
                streams.properties())) {
            TestInputTopic<String, String> ordersTopic =
                    driver.createInputTopic("orders", new StringSerializer(), new StringSerializer());
            Instant arrival = Instant.now().truncatedTo(ChronoUnit.MINUTES);
            List<TestRecord<String, String>> batch = new ArrayList<>(BATCH);
            while (generator.hasNext()) {
                GeneratedEvent event = generator.next();
                if (!event.isOrder()) {
                    continue;
                }
                batch.add(new TestRecord<>(Long.toString(event.orderId()), event.json(), arrival));
                if (batch.size() == BATCH || !generator.hasNext()) {
                    ordersTopic.pipeRecordList(batch);
                    batch.clear();
                    for (String store : stores) {
                        rows.get(store).add(driver.getKeyValueStore(store).approximateNumEntries());
                    }
                    for (String topic : finalTopics) {
                        finals += drained(driver, topic);
                    }
                    late += drained(driver, lateTopic);
                }
            }
        }
        return new Sampled(rows, finals, late);
    }

    private static long drained(TopologyTestDriver driver, String topic) {
        if (!driver.producedTopicNames().contains(topic)) {
            return 0;
        }
        return driver.createOutputTopic(topic, new org.apache.kafka.common.serialization.StringDeserializer(),
                new org.apache.kafka.common.serialization.StringDeserializer()).readRecordsToList().size();
    }
}
