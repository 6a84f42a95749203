package com.shopstream.orders.enrichment;

import static com.shopstream.common.testing.TestDay.ms;
import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.model.Customer;
import com.shopstream.common.model.Order;
import com.shopstream.common.model.ResultKeys;
import com.shopstream.common.model.ShopEvent;
import com.shopstream.common.testing.Interleavings;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.common.watermark.Timed;
import com.shopstream.common.watermark.TimedSerde;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.InputPartition;
import com.shopstream.orders.config.OrdersProperties;
import com.shopstream.orders.topology.OrderWindowTopology;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * Replay = live for the enrichment: the same reads of three {@code orders} partitions and two {@code customers}
 * partitions (out of order, some versions behind their partition's watermark, one customers partition far ahead of
 * the other), fed to the enrichment in different interleavings — round robin, one partition after the other
 * (customers last: a backlog of orders read before the table), the table first, and at random. Every run writes every
 * order once, each with the same version, computed here from the reads alone ({@link #expected}).
 */
class EnrichmentInterleavingsTest {

    private static final Instant WALL_CLOCK = Instant.parse("2031-01-01T00:00:00Z");
    private static final String REPARTITION = "orders-service-orders-enrichment-by-customer-repartition";
    private static final long DELAY = Duration.ofMinutes(3).toMillis();
    private static final long WINDOW = Duration.ofMinutes(5).toMillis();
    private static final String[] TIERS = {"bronze", "silver", "gold", "platinum", "diamond"};

    @Test
    void everyOrderGetsTheSameVersionHoweverThePartitionsInterleave() {
        int lateVersions = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Random random = new Random(seed);
            List<List<Timed<ShopEvent>>> partitions = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                partitions.add(orders(p, random));
            }
            List<Timed<ShopEvent>> customers = new ArrayList<>();
            for (int p = 0; p < 2; p++) {
                List<Timed<ShopEvent>> read = customers(p, random);
                lateVersions += (int) read.stream().filter(EnrichmentInterleavingsTest::late).count();
                partitions.add(read);
                customers.addAll(read);
            }
            List<String> expected = expected(partitions);

            List<Timed<ShopEvent>> tableLast = partitions.stream().flatMap(List::stream).toList();
            List<Timed<ShopEvent>> tableFirst = new ArrayList<>(customers);
            partitions.subList(0, 3).forEach(tableFirst::addAll);

            Map<String, String> windows = windows(partitions, expected);
            Map<String, List<Timed<ShopEvent>>> runs = Map.of("round robin", Interleavings.roundRobin(partitions),
                    "the table last", tableLast, "the table first", tableFirst,
                    "at random", Interleavings.randomly(partitions, new Random(-seed)));
            for (Map.Entry<String, List<Timed<ShopEvent>>> interleaving : runs.entrySet()) {
                Outcome outcome = run(interleaving.getValue());
                assertThat(outcome.tiers()).as("seed " + seed + ", " + interleaving.getKey())
                        .containsExactlyInAnyOrderElementsOf(expected);
                assertThat(outcome.windows()).as("seed " + seed + ", " + interleaving.getKey() + ": windows by tier")
                        .isEqualTo(windows);
            }
        }
        assertThat(lateVersions).as("some versions come behind their partition's watermark").isPositive();
    }

    /** One orders partition's reads: 40 orders of customers 1 to 6 (6 has no version), some behind, then a report. */
    private static List<Timed<ShopEvent>> orders(int p, Random random) {
        InputPartition partition = new InputPartition("orders", p);
        List<Timed<ShopEvent>> read = new ArrayList<>();
        long newest = InputClocks.NONE;
        long time = ms("10:00:00") + random.nextInt(60_000);
        for (int i = 0; i < 40; i++) {
            time += random.nextInt(45_000);
            long eventTime = time - (random.nextInt(5) == 0 ? random.nextInt(600_000) : 0);
            long after = Math.max(newest, eventTime);
            Order order = new Order(p * 1000L + i, 1 + random.nextInt(6), BigDecimal.ONE.setScale(2),
                    Instant.ofEpochMilli(eventTime));
            read.add(new Timed.Event<>(order, partition, 3, newest, after));
            newest = after;
        }
        read.add(new Timed.Report<>(partition, 3, ms("12:00:00"), false, WALL_CLOCK.toEpochMilli()));
        return read;
    }

    /**
     * A customers partition's reads: 20 versions of its customers (odd ids in partition 0, even ones in 1; 6 has
     * none), some behind its watermark, then a report. Partition 1 starts 40 minutes earlier: its versions span
     * more than the orders do, and most of them are read long before the orders they cover.
     */
    private static List<Timed<ShopEvent>> customers(int p, Random random) {
        InputPartition partition = new InputPartition("customers", p);
        List<Timed<ShopEvent>> read = new ArrayList<>();
        long newest = InputClocks.NONE;
        long time = ms(p == 0 ? "09:55:00" : "09:15:00");
        for (int i = 0; i < 20; i++) {
            time += random.nextInt(p == 0 ? 90_000 : 240_000);
            long validFrom = time - (random.nextInt(4) == 0 ? random.nextInt(600_000) : 0);
            long after = Math.max(newest, validFrom);
            Customer customer = new Customer(p == 0 ? 1 + 2 * random.nextInt(3) : 2 + 2 * random.nextInt(2),
                    TIERS[random.nextInt(TIERS.length)], "DE", Instant.ofEpochMilli(validFrom));
            read.add(new Timed.Event<>(customer, partition, 2, newest, after));
            newest = after;
        }
        read.add(new Timed.Report<>(partition, 2, ms("12:00:00"), false, WALL_CLOCK.toEpochMilli()));
        return read;
    }

    private static boolean late(Timed<ShopEvent> read) {
        return read instanceof Timed.Event<ShopEvent> event && event.event() instanceof Customer customer
                && customer.validFrom().toEpochMilli() < watermark(event.newestBefore());
    }

    /**
     * Each order with its customer's tier, from the reads alone: of the customer's versions that count at the order's
     * time (from their {@code valid_from}, or from their partition's watermark when read, if that was later), the one
     * with the newest {@code valid_from} (the later read of two with the same one).
     */
    private static List<String> expected(List<List<Timed<ShopEvent>>> partitions) {
        List<Customer> versions = new ArrayList<>();
        List<Long> from = new ArrayList<>();
        for (List<Timed<ShopEvent>> read : partitions.subList(3, partitions.size())) {
            for (Timed<ShopEvent> value : read) {
                if (value instanceof Timed.Event<ShopEvent> event) {
                    Customer customer = (Customer) event.event();
                    versions.add(customer);
                    from.add(Math.max(customer.validFrom().toEpochMilli(), watermark(event.newestBefore())));
                }
            }
        }
        List<String> out = new ArrayList<>();
        for (List<Timed<ShopEvent>> read : partitions.subList(0, 3)) {
            for (Timed<ShopEvent> value : read) {
                if (value instanceof Timed.Event<ShopEvent> event) {
                    Order order = (Order) event.event();
                    Customer valid = null;
                    for (int v = 0; v < versions.size(); v++) {
                        Customer version = versions.get(v);
                        if (version.customerId() == order.customerId()
                                && from.get(v) <= order.orderTs().toEpochMilli()
                                && (valid == null || !version.validFrom().isBefore(valid.validFrom()))) {
                            valid = version;
                        }
                    }
                    out.add(order.orderId() + " " + (valid == null ? "null" : valid.tier()));
                }
            }
        }
        return out;
    }

    /**
     * The final rows of the 5-minute windows grouped by tier: each order in its window under its expected tier,
     * unless its own partition's watermark had made the window final before it.
     */
    private static Map<String, String> windows(List<List<Timed<ShopEvent>>> partitions, List<String> tiers) {
        Map<String, String> tierOf = new java.util.HashMap<>();
        tiers.forEach(row -> tierOf.put(row.substring(0, row.indexOf(' ')), row.substring(row.indexOf(' ') + 1)));
        Map<String, Long> counts = new TreeMap<>();
        for (List<Timed<ShopEvent>> read : partitions.subList(0, 3)) {
            for (Timed<ShopEvent> value : read) {
                if (value instanceof Timed.Event<ShopEvent> event) {
                    Order order = (Order) event.event();
                    long start = Math.floorDiv(order.orderTs().toEpochMilli(), WINDOW) * WINDOW;
                    if (start + WINDOW > watermark(event.newestBefore())) {
                        String tier = tierOf.get(Long.toString(order.orderId()));
                        counts.merge(ResultKeys.window("null".equals(tier) ? "none" : tier,
                                Instant.ofEpochMilli(start), Instant.ofEpochMilli(start + WINDOW)), 1L, Long::sum);
                    }
                }
            }
        }
        Map<String, String> out = new TreeMap<>();
        counts.forEach((key, orders) -> out.put(key, orders + " " + BigDecimal.valueOf(orders).setScale(2)));
        return out;
    }

    private static long watermark(long newest) {
        return newest == InputClocks.NONE ? InputClocks.NONE : newest - DELAY;
    }

    /** What one run wrote: each order and its tier, and the final rows of the windows by tier. */
    private record Outcome(List<String> tiers, Map<String, String> windows) {
    }

    private static Outcome run(List<Timed<ShopEvent>> reads) {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        OrdersProperties orders = new Binder(new MapConfigurationPropertySource(Map.of(
                "shopstream.orders.enrichment.enabled", "true", "shopstream.orders.state-stores", "in-memory",
                "shopstream.orders.queries[0].name", "by-tier", "shopstream.orders.queries[0].size", "5m",
                "shopstream.orders.queries[0].group-by", "tier", "shopstream.orders.queries[0].final-topic",
                "by-tier")))
                .bindOrCreate("shopstream.orders", OrdersProperties.class);
        TestStreams streams = TestStreams.forDriver("orders-service");
        try (StreamsHarness harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(),
                orders.toConfig(common, common.lateTopic("orders-service"), TestStreams.topics())), streams,
                WALL_CLOCK)) {
            TimedSerde<ShopEvent> serde = new TimedSerde<>(ShopEvent.class);
            for (Timed<ShopEvent> read : reads) {
                String key = read instanceof Timed.Event<ShopEvent> event
                        ? (event.event() instanceof Order order ? Long.toString(order.customerId())
                        : event.event().key()) : "";
                harness.pipe(REPARTITION, key.getBytes(StandardCharsets.UTF_8),
                        serde.serializer().serialize(REPARTITION, read), new RecordHeaders());
            }
            List<String> tiers = harness.records("orders-enriched").stream().map(row -> row.key() + " "
                    + row.value().replaceAll(".*\"tier\":\"?([a-z]+)\"?,.*", "$1")).toList();
            Map<String, String> windows = new TreeMap<>();
            for (OutputRecord row : harness.records("by-tier")) {
                assertThat(windows).as("one final row per window").doesNotContainKey(row.key());
                windows.put(row.key(), row.value().replaceAll(".*\"orders\":(\\d+),\"total\":([0-9.]+)}", "$1 $2"));
            }
            return new Outcome(tiers, windows);
        }
    }
}
