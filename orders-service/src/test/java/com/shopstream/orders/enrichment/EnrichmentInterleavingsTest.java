package com.shopstream.orders.enrichment;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.model.Customer;
import com.shopstream.common.model.Order;
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
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * Replay = live for the enrichment: the same reads of three {@code orders} partitions and one {@code customers}
 * partition (out of order, some versions behind their partition's watermark), fed to the enrichment in different
 * interleavings — round robin, one partition after the other (customers last: a backlog of orders read before the
 * table), the table first, and at random. Every run writes every order once, each with the same version: the one
 * whose effective time ({@code valid_from}, or its partition's watermark when it was read if that was later) is the
 * newest at or before the order's time, computed here from the reads alone.
 */
class EnrichmentInterleavingsTest {

    private static final Instant WALL_CLOCK = Instant.parse("2031-01-01T00:00:00Z");
    private static final String REPARTITION = "orders-service-orders-enrichment-by-customer-repartition";
    private static final long DELAY = Duration.ofMinutes(3).toMillis();
    private static final String[] TIERS = {"bronze", "silver", "gold", "platinum"};

    @Test
    void everyOrderGetsTheSameVersionHoweverThePartitionsInterleave() {
        int lateVersions = 0;
        for (long seed = 1; seed <= 4; seed++) {
            Random random = new Random(seed);
            List<List<Timed<ShopEvent>>> partitions = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                partitions.add(orders(p, random));
            }
            List<Timed<ShopEvent>> customers = customers(random);
            lateVersions += (int) customers.stream().filter(EnrichmentInterleavingsTest::late).count();
            partitions.add(customers);
            List<String> expected = expected(partitions);

            List<Timed<ShopEvent>> tableLast = partitions.stream().flatMap(List::stream).toList();
            List<Timed<ShopEvent>> tableFirst = new ArrayList<>(customers);
            partitions.subList(0, 3).forEach(tableFirst::addAll);

            assertThat(run(Interleavings.roundRobin(partitions))).as("seed " + seed + ", round robin")
                    .containsExactlyInAnyOrderElementsOf(expected);
            assertThat(run(tableLast)).as("seed " + seed + ", the table last")
                    .containsExactlyInAnyOrderElementsOf(expected);
            assertThat(run(tableFirst)).as("seed " + seed + ", the table first")
                    .containsExactlyInAnyOrderElementsOf(expected);
            assertThat(run(Interleavings.randomly(partitions, new Random(-seed)))).as("seed " + seed + ", at random")
                    .containsExactlyInAnyOrderElementsOf(expected);
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

    /** The customers partition's reads: 30 versions of customers 1 to 5, some behind its watermark, then a report. */
    private static List<Timed<ShopEvent>> customers(Random random) {
        InputPartition partition = new InputPartition("customers", 0);
        List<Timed<ShopEvent>> read = new ArrayList<>();
        long newest = InputClocks.NONE;
        long time = ms("09:55:00");
        for (int i = 0; i < 30; i++) {
            time += random.nextInt(90_000);
            long validFrom = time - (random.nextInt(4) == 0 ? random.nextInt(600_000) : 0);
            long after = Math.max(newest, validFrom);
            Customer customer = new Customer(1 + random.nextInt(5), TIERS[random.nextInt(TIERS.length)], "DE",
                    Instant.ofEpochMilli(validFrom));
            read.add(new Timed.Event<>(customer, partition, 1, newest, after));
            newest = after;
        }
        read.add(new Timed.Report<>(partition, 1, ms("12:00:00"), false, WALL_CLOCK.toEpochMilli()));
        return read;
    }

    private static boolean late(Timed<ShopEvent> read) {
        return read instanceof Timed.Event<ShopEvent> event && event.event() instanceof Customer customer
                && customer.validFrom().toEpochMilli() < watermark(event.newestBefore());
    }

    /** Each order with its customer's tier, from the reads alone. */
    private static List<String> expected(List<List<Timed<ShopEvent>>> partitions) {
        List<Customer> versions = new ArrayList<>();
        List<Long> from = new ArrayList<>();
        for (Timed<ShopEvent> read : partitions.get(3)) {
            if (read instanceof Timed.Event<ShopEvent> event) {
                Customer customer = (Customer) event.event();
                versions.add(customer);
                from.add(Math.max(customer.validFrom().toEpochMilli(), watermark(event.newestBefore())));
            }
        }
        List<String> out = new ArrayList<>();
        for (List<Timed<ShopEvent>> read : partitions.subList(0, 3)) {
            for (Timed<ShopEvent> value : read) {
                if (value instanceof Timed.Event<ShopEvent> event) {
                    Order order = (Order) event.event();
                    String tier = "null";
                    long best = Long.MIN_VALUE;
                    for (int v = 0; v < versions.size(); v++) {
                        // the later read of two versions counting from the same time replaces the earlier
                        if (versions.get(v).customerId() == order.customerId() && from.get(v) >= best
                                && from.get(v) <= order.orderTs().toEpochMilli()) {
                            best = from.get(v);
                            tier = versions.get(v).tier();
                        }
                    }
                    out.add(order.orderId() + " " + tier);
                }
            }
        }
        return out;
    }

    private static long watermark(long newest) {
        return newest == InputClocks.NONE ? InputClocks.NONE : newest - DELAY;
    }

    /** Each written order and its tier, in one run. */
    private static List<String> run(List<Timed<ShopEvent>> reads) {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        OrdersProperties orders = new Binder(new MapConfigurationPropertySource(Map.of(
                "shopstream.orders.enrichment.enabled", "true", "shopstream.orders.state-stores", "in-memory")))
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
            List<OutputRecord> enriched = harness.records("orders-enriched");
            return enriched.stream().map(row -> row.key() + " "
                    + row.value().replaceAll(".*\"tier\":\"?([a-z]+)\"?,.*", "$1")).toList();
        }
    }

    private static long ms(String time) {
        return Instant.parse("2026-01-22T" + time + "Z").toEpochMilli();
    }
}
