package com.shopstream.benchmarks;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.json.EventReader;
import com.shopstream.common.serde.ShopTopics;
import com.shopstream.common.streams.StateStoreKind;
import com.shopstream.dedup.config.DedupProperties;
import com.shopstream.dedup.topology.DedupTopology;
import com.shopstream.join.config.JoinProperties;
import com.shopstream.join.topology.JoinConfig;
import com.shopstream.join.topology.OrderPaymentJoinTopology;
import com.shopstream.orders.config.OrdersProperties;
import com.shopstream.orders.topology.OrderWindowConfig;
import com.shopstream.orders.topology.OrderWindowTopology;
import com.shopstream.session.config.SessionProperties;
import com.shopstream.session.topology.SessionConfig;
import com.shopstream.session.topology.SessionTopology;
import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;

/**
 * Records per second of each service's real topology under TopologyTestDriver, fed a seeded generated stream: the
 * cost of the topology itself (parsing, watermark, state, serdes), without a broker or disk. One JVM, one thread.
 */
final class TopologyThroughput {

    private static final int BATCH = 10_000;
    /** The services' settings without any configuration: bound, not copied. */
    private static final ShopstreamProperties COMMON = ShopstreamProperties.defaults();

    private TopologyThroughput() {
    }

    static void run(List<String> services, long orders, long seed, StateStoreKind stores, PrintStream out)
            throws Exception {
        // event times ending before the wall clock, so the future-skew check passes them all
        GeneratorSettings settings = GeneratorSettings.defaults(seed, orders);
        ShopTopics topics = new ShopTopics(new EventReader(Clock.systemUTC(), Duration.ofHours(1)));
        out.printf("TopologyTestDriver throughput, %,d generated orders (seed %d), %s stores (sessions, join, dedup),"
                + " JVM %s%n", orders, seed, stores, Runtime.version());
        out.printf("%-16s %12s %10s %12s %12s %10s%n", "service", "input recs", "seconds", "records/s",
                "output recs", "dead");
        for (String service : services) {
            Result result = switch (service) {
                case "orders" -> measure("orders-service", orders, settings.withShares(0.01, 0.10, 0, 0), false,
                        builder -> OrderWindowTopology.build(builder, ordersWithStores(topics, stores)),
                        List.of("orders-per-5m", "orders-per-5m-final", "orders-per-10m-every-5m",
                                "orders-per-10m-every-5m-final", "orders-service-late"));
                // 50,000 customers: each orders every few minutes of event time, so sessions close (with 1,000 they
                // would never see a gap)
                case "sessions" -> measure("session-service", orders,
                        settings.withShares(0.01, 0.10, 0, 0).withCustomers(50_000), false,
                        builder -> SessionTopology.build(builder, withStores(SessionProperties.defaults().toConfig(COMMON, COMMON.lateTopic("session-service"), topics), stores)),
                        List.of("customer-sessions", "customer-sessions-final", "customer-streaks",
                                "session-service-late"));
                case "join" -> measure("join-service", orders, settings.withShares(0.01, 0, 1.0, 0.10), true,
                        builder -> OrderPaymentJoinTopology.build(builder, joinWithStores(topics, stores)),
                        List.of("orders-paid", "orders-payment-status", "join-service-late"));
                case "dedup" -> measure("dedup-service", orders, settings.withShares(0.01, 0.10, 0, 0), false,
                        builder -> DedupTopology.build(builder, DedupProperties.defaults().toConfig(COMMON, COMMON.lateTopic("dedup-service"), topics)
                                .withStores(stores)),
                        List.of("orders-deduped", "orders-deduped-by-id", "dedup-service-late"));
                default -> throw new IllegalArgumentException("unknown service " + service
                        + " (orders, sessions, join, dedup)");
            };
            out.printf("%-16s %,12d %10.1f %,12.0f %,12d %,10d%n", result.service(), result.input(),
                    result.seconds(), result.input() / result.seconds(), result.output(), result.deadLetters());
            out.printf("%16s %s%n", "", result.outputsByTopic());
            // what two builds wrote can be compared without the rows: the same digest is the same records
            out.printf("%16s %s%n", "", result.digests());
        }
    }

    private static OrderWindowConfig ordersWithStores(ShopTopics topics, StateStoreKind stores) {
        OrderWindowConfig defaults = OrdersProperties.defaults().toConfig(COMMON, COMMON.lateTopic("orders-service"),
                topics);
        return new OrderWindowConfig(defaults.ordersTopic(), defaults.lateTopic(), defaults.queries(), stores, topics,
                defaults.repartitionBatchSize(), defaults.partialAggregation());
    }

    private static SessionConfig withStores(SessionConfig config, StateStoreKind stores) {
        return new SessionConfig(config.ordersTopic(), config.lateTopic(), config.gap(), config.grace(),
                config.sessionsTopic(), config.finalSessionsTopic(), config.streaksTopic(), config.streakThreshold(),
                config.streakTimeout(), config.streakClock(), config.streakCheckInterval(), stores,
                config.topics(), config.repartitionBatchSize(), config.allowedLateness());
    }

    private static JoinConfig joinWithStores(ShopTopics topics, StateStoreKind stores) {
        JoinConfig contract = JoinProperties.defaults().toConfig(COMMON, COMMON.lateTopic("join-service"), topics);
        return new JoinConfig(contract.ordersTopic(), contract.paymentsTopic(), contract.lateTopic(),
                contract.bound(), contract.ordersDelay(), contract.paymentsDelay(), contract.paidTopic(),
                contract.statusTopic(), contract.unmatchedTopic(), contract.mismatchedTopic(), stores, topics,
                contract.repartitionBatchSize());
    }

    private static Result measure(String service, long orders, GeneratorSettings settings, boolean payments,
                                  Function<StreamsBuilder, Topology> topology, List<String> outputs) throws Exception {
        DriverStreams streams = new DriverStreams(service);
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        Map<String, Long> produced = new TreeMap<>();
        Map<String, MessageDigest> digests = new TreeMap<>();
        long input = 0;
        long started;
        long finished;
        try (TopologyTestDriver driver = new TopologyTestDriver(topology.apply(streams.builder()),
                streams.properties())) {
            TestInputTopic<String, String> ordersTopic =
                    driver.createInputTopic("orders", new StringSerializer(), new StringSerializer());
            TestInputTopic<String, String> paymentsTopic =
                    driver.createInputTopic("payments", new StringSerializer(), new StringSerializer());
            List<TestRecord<String, String>> orderBatch = new ArrayList<>(BATCH);
            // on a whole minute, as the generator's start: two runs within a minute stamp the same records alike
            Instant arrival = Instant.now().truncatedTo(ChronoUnit.MINUTES);
            started = System.nanoTime();
            while (generator.hasNext()) {
                GeneratedEvent event = generator.next();
                if (!event.isOrder() && !payments) {
                    continue;
                }
                TestRecord<String, String> record =
                        new TestRecord<>(Long.toString(event.orderId()), event.json(), arrival);
                // payments are piped one by one in stream order; orders in batches (order within a topic is kept)
                if (event.isOrder()) {
                    orderBatch.add(record);
                } else {
                    ordersTopic.pipeRecordList(orderBatch);
                    orderBatch.clear();
                    paymentsTopic.pipeInput(record);
                }
                input++;
                if (orderBatch.size() == BATCH) {
                    ordersTopic.pipeRecordList(orderBatch);
                    orderBatch.clear();
                    drain(driver, outputs, produced, digests);
                }
            }
            ordersTopic.pipeRecordList(orderBatch);
            drain(driver, outputs, produced, digests);
            finished = System.nanoTime();
        }
        double seconds = (finished - started) / 1e9;
        Map<String, String> digestsByTopic = new TreeMap<>();
        digests.forEach((topic, digest) -> digestsByTopic.put(topic,
                "sha256:" + HexFormat.of().formatHex(digest.digest()).substring(0, 16)));
        return new Result(service, input, seconds, produced.values().stream().mapToLong(Long::longValue).sum(),
                streams.deadLetters(), produced, digestsByTopic);
    }

    /** The driver keeps outputs in memory: read them as we go, counting them and digesting them in order. */
    private static void drain(TopologyTestDriver driver, List<String> outputs, Map<String, Long> produced,
                              Map<String, MessageDigest> digests) {
        for (String topic : outputs) {
            if (driver.producedTopicNames().contains(topic)) {
                List<TestRecord<String, String>> records = driver.createOutputTopic(topic, new StringDeserializer(),
                        new StringDeserializer()).readRecordsToList();
                produced.merge(topic, (long) records.size(), Long::sum);
                MessageDigest digest = digests.computeIfAbsent(topic, t -> sha256());
                records.forEach(record -> digest.update(canonical(record)));
            }
        }
    }

    /** Timestamp, key, value and headers (a late row's reason is in them); a null as its own mark, not "null". */
    private static byte[] canonical(TestRecord<String, String> record) {
        StringBuilder text = new StringBuilder().append(record.timestamp()).append('\u0000');
        nullable(text, record.key()).append('\u0000');
        nullable(text, record.value());
        record.headers().forEach(header -> nullable(text.append('\u0000').append(header.key()).append('='),
                header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8)));
        return text.append('\n').toString().getBytes(StandardCharsets.UTF_8);
    }

    private static StringBuilder nullable(StringBuilder text, String value) {
        return value == null ? text.append('\u0001') : text.append('"').append(value).append('"');
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private record Result(String service, long input, double seconds, long output, long deadLetters,
                          Map<String, Long> outputsByTopic, Map<String, String> digests) {
    }
}
