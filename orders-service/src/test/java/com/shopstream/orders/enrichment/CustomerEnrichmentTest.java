package com.shopstream.orders.enrichment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import com.shopstream.common.boot.ShopstreamProperties;
import com.shopstream.common.json.ResultJson;
import com.shopstream.common.progress.LookupNote;
import com.shopstream.common.streams.TopologyNames;
import com.shopstream.common.testing.OutputRecord;
import com.shopstream.common.testing.StreamsHarness;
import com.shopstream.common.testing.TestStreams;
import com.shopstream.orders.config.OrdersProperties;
import com.shopstream.orders.topology.OrderWindowConfig;
import com.shopstream.orders.topology.OrderWindowTopology;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.TopologyDescription;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * orders-service's enrichment, driven through the service's own topology with the enrichment on and the default
 * delay (3 minutes over both inputs): each order gets the customer version valid at its {@code order_ts}, written
 * once the watermark over {@code orders} and {@code customers} has passed it.
 */
class CustomerEnrichmentTest {

    private static final Instant WALL_CLOCK = Instant.parse("2031-01-01T00:00:00Z");
    private static final String ENRICHED = "orders-enriched";

    @AutoClose
    private StreamsHarness harness;
    private TestStreams streams;

    @BeforeEach
    void start() {
        startWith(Map.of());
    }

    @Test
    void eachOrderGetsTheVersionValidAtItsTimeNotTheNewestReadBeforeIt() {
        customer(1, "gold", "DE", "09:00:00");
        order(101, 1, "10:00:00");
        order(102, 2, "10:01:00");           // customer 2 has no version
        order(103, 1, "10:03:00");
        customer(1, "silver", "DE", "10:02:00");   // read after order 103, valid before it: 103 is silver
        assertThat(harness.records(ENRICHED)).isEmpty();   // the watermark (09:57 on customers) holds them

        order(104, 1, "10:10:00");
        customer(3, "bronze", "FR", "10:10:00");   // the watermark is now 10:07 on both inputs

        assertThat(rows(harness.records(ENRICHED))).containsExactly(
                "101 {\"order_id\":101,\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:00:00Z\","
                        + "\"tier\":\"gold\",\"country\":\"DE\",\"customer_valid_from\":\"2026-01-22T09:00:00Z\"}",
                "102 {\"order_id\":102,\"customer_id\":2,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:01:00Z\","
                        + "\"tier\":null,\"country\":null,\"customer_valid_from\":null}",
                "103 {\"order_id\":103,\"customer_id\":1,\"amount\":1.00,\"order_ts\":\"2026-01-22T10:03:00Z\","
                        + "\"tier\":\"silver\",\"country\":\"DE\",\"customer_valid_from\":\"2026-01-22T10:02:00Z\"}");
        // each with the time of the record it crossed the repartition in: the source step's reading of its partition's
        // clock (here its order_ts: each order was the newest of its partition), never ahead of its broker time
        assertThat(harness.records(ENRICHED)).extracting(OutputRecord::timestamp).containsExactly(
                at("10:00:00"), at("10:01:00"), at("10:03:00"));
        assertThat(note(LookupNote.UNKNOWN_CUSTOMER)).isEqualTo(1);
        assertThat(note(LookupNote.VERSION_LATE)).isZero();
        assertThat(harness.records("orders-service-late")).isEmpty();

        // the progress report (the console's source) says it; the window queries' totals do not carry the field
        Map<String, String> totals = new HashMap<>();
        streams.progress().report(WALL_CLOCK).queries().forEach(query -> totals.put(query.name(),
                ResultJson.MAPPER.writeValueAsString(query.totals())));
        assertThat(totals.get(CustomerEnrichment.QUERY)).endsWith(",\"lookup_notes\":{\"unknown-customer\":1}}");
        assertThat(totals.get("orders-per-5m")).doesNotContain("lookup_notes");
    }

    @Test
    void aVersionBehindItsPartitionsWatermarkCountsFromThatWatermarkForEveryOrderAlike() {
        customer(1, "gold", "DE", "09:00:00");
        order(101, 1, "10:05:00");                 // orders' watermark 10:02: 101 is held
        customer(2, "gold", "DE", "10:10:00");     // customers' watermark 10:07
        customer(1, "platinum", "DE", "10:04:00"); // late for its partition: counts from 10:07, not 10:04
        order(102, 1, "10:08:00");
        order(103, 1, "10:20:00");
        customer(2, "gold", "DE", "10:20:00");     // watermark 10:17

        // 101 (10:05) is after valid_from, yet gets gold: had orders been read ahead, 101 would have been written
        // before the version came, so no run may give it platinum; 102 (10:08, after 10:07) gets platinum
        assertThat(tiers(harness.records(ENRICHED))).containsExactly("101 gold", "102 platinum");
        assertThat(note(LookupNote.VERSION_LATE)).isEqualTo(1);
        assertThat(harness.deadLetters()).isEmpty();
    }

    @Test
    void anOldVersionComeLateNeverReplacesTheCustomersNewerOne() {
        customer(1, "gold", "DE", "10:05:00");
        customer(2, "gold", "DE", "10:20:00");     // customers' watermark 10:17
        customer(1, "silver", "DE", "10:00:00");   // late: it would count from 10:17, when gold (10:05) is newer
        order(101, 1, "10:18:00");
        order(102, 1, "10:30:00");
        customer(2, "gold", "DE", "10:30:00");     // watermark 10:27

        assertThat(tiers(harness.records(ENRICHED))).containsExactly("101 gold");
        assertThat(note(LookupNote.VERSION_SUPERSEDED)).isEqualTo(1);
        assertThat(note(LookupNote.VERSION_LATE)).isEqualTo(1);
    }

    @Test
    void aTableReadFarAheadOfTheOrdersStillGivesEachOrderTheVersionOfItsTime() {
        customer(1, "gold", "DE", "10:00:00");
        customer(1, "silver", "DE", "10:30:00");
        customer(2, "gold", "DE", "2026-02-22T10:00:00Z");   // a month ahead: the versioned store does not follow it
        order(101, 1, "10:10:00");
        order(102, 1, "10:40:00");
        order(103, 1, "11:00:00");

        assertThat(tiers(harness.records(ENRICHED))).containsExactly("101 gold", "102 silver");
        assertThat(note(LookupNote.HISTORY_EXPIRED)).isZero();
    }

    @Test
    void anOrderTheWatermarkHasPassedIsLookedUpAtOnceAndNeverRefused() {
        customer(1, "gold", "DE", "09:00:00");
        customer(1, "silver", "DE", "09:55:00");
        order(101, 1, "10:10:00");
        customer(2, "gold", "DE", "10:10:00");     // watermark 10:07
        order(102, 1, "09:50:00");                 // behind its partition's watermark: late for the windows

        assertThat(tiers(harness.records(ENRICHED))).containsExactly("102 gold");
        assertThat(harness.records("orders-service-late")).extracting(OutputRecord::orderId).contains(102L);
    }

    @Test
    void aWindowQueryGroupedByTierCountsEachOrderUnderTheTierItsCustomerHadThen() {
        harness.close();
        startWith(Map.of("shopstream.orders.queries[0].name", "revenue-by-tier",
                "shopstream.orders.queries[0].size", "5m",
                "shopstream.orders.queries[0].group-by", "tier",
                "shopstream.orders.queries[0].final-topic", "revenue-by-tier"));
        customer(1, "gold", "DE", "09:00:00");
        customer(2, "silver", "DE", "09:00:00");
        order(101, 1, "10:00:00");
        order(102, 2, "10:01:00");
        order(103, 1, "10:03:00");
        customer(1, "silver", "DE", "10:02:00");   // read after 103, valid before it
        order(104, 3, "10:04:00");                 // customer 3 has no version
        order(105, 1, "10:20:00");
        customer(9, "gold", "DE", "10:20:00");     // the enrichment's watermark 10:17: 101 to 104 go to the windows

        assertThat(rows(harness.records("revenue-by-tier"))).containsExactly(
                "gold@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z {\"window_start\":\"2026-01-22T10:00:00Z\","
                        + "\"window_end\":\"2026-01-22T10:05:00Z\",\"orders\":1,\"total\":1.00}",
                "none@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z {\"window_start\":\"2026-01-22T10:00:00Z\","
                        + "\"window_end\":\"2026-01-22T10:05:00Z\",\"orders\":1,\"total\":1.00}",
                "silver@2026-01-22T10:00:00Z/2026-01-22T10:05:00Z {\"window_start\":\"2026-01-22T10:00:00Z\","
                        + "\"window_end\":\"2026-01-22T10:05:00Z\",\"orders\":2,\"total\":2.00}");

        order(106, 1, "10:01:00");   // behind its partition's watermark (10:17): late for the query, enriched still
        customer(9, "gold", "DE", "10:30:00");
        order(107, 1, "10:30:00");

        // the fourth and last row: 105 (silver since 10:02) in [10:20,10:25); 106 counted nowhere
        assertThat(rows(harness.records("revenue-by-tier"))).hasSize(4).last().asString()
                .startsWith("silver@2026-01-22T10:20:00Z/2026-01-22T10:25:00Z").contains("\"orders\":1,");
        assertThat(harness.records("orders-service-late")).extracting(OutputRecord::orderId).containsExactly(106L);
        assertThat(harness.records("orders-service-late").get(0).headers())
                .containsEntry("x-late-query", "revenue-by-tier");
        assertThat(tiers(harness.records(ENRICHED))).contains("106 gold");   // 10:01, before silver (10:02)
        assertThat(harness.deadLetters()).isEmpty();
    }

    @Test
    void aQueryGroupedByAFieldOfTheCustomerNeedsTheEnrichment() {
        Map<String, String> settings = Map.of("shopstream.orders.queries[0].name", "by-country",
                "shopstream.orders.queries[0].size", "5m", "shopstream.orders.queries[0].group-by", "country",
                "shopstream.orders.queries[0].final-topic", "by-country");
        ShopstreamProperties common = ShopstreamProperties.defaults();
        OrdersProperties orders = new Binder(new MapConfigurationPropertySource(settings))
                .bindOrCreate("shopstream.orders", OrdersProperties.class);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> orders.toConfig(common, "late", TestStreams.topics()))
                .withMessage("window query by-country groups by country, a field of the customer: set "
                        + "shopstream.orders.enrichment.enabled=true");
    }

    @Test
    void aTierQueryWithAGraceShorterThanTheEnrichmentsDelayRefusesToStart() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> config(Map.of("shopstream.orders.queries[0].name", "by-tier",
                        "shopstream.orders.queries[0].size", "5m", "shopstream.orders.queries[0].group-by", "tier",
                        "shopstream.orders.queries[0].grace", "2m",
                        "shopstream.orders.queries[0].final-topic", "by-tier")))
                .withMessage("window query by-tier groups by a field of the customer: its grace (PT2M) must be at "
                        + "least shopstream.orders.enrichment.delay (PT3M)");
    }

    @Test
    void manyHeldOrdersAreReleasedInTheOrderOfTheirTimesAcrossChunks() {
        harness.close();
        startWith(Map.of("shopstream.orders.state-stores", "in-memory"));
        customer(1, "gold", "DE", "09:00:00");
        int orders = 2_500;   // more than one chunk of a release
        for (int i = orders - 1; i >= 0; i--) {   // newest first: the release puts them in order
            harness.pipe("orders", Long.toString(1000 + i), "{\"order_id\":" + (1000 + i) + ",\"customer_id\":1,"
                    + "\"amount\":1.00,\"order_ts\":" + (at("10:00:00").toEpochMilli() + i) + "}");
        }
        assertThat(harness.records(ENRICHED)).isEmpty();
        order(9999, 1, "10:10:00");
        customer(2, "gold", "DE", "10:10:00");   // the watermark 10:07: all of them at once

        List<OutputRecord> enriched = harness.records(ENRICHED);
        assertThat(enriched).hasSize(orders);
        assertThat(enriched).extracting(OutputRecord::key)
                .containsExactlyElementsOf(java.util.stream.IntStream.range(0, orders)
                        .mapToObj(i -> Long.toString(1000 + i)).toList());
    }

    @Test
    void aDuplicatedOrderIsWrittenTwice() {
        customer(1, "gold", "DE", "09:00:00");
        order(101, 1, "10:00:00");
        order(101, 1, "10:00:00");
        order(102, 1, "10:10:00");
        customer(2, "gold", "DE", "10:10:00");

        assertThat(tiers(harness.records(ENRICHED))).containsExactly("101 gold", "101 gold");
    }

    @Test
    void anIdleCustomersTopicDoesNotHoldTheOrdersBack() {
        streams = TestStreams.forDriver("orders-service");
        streams.with(streams.eventTime().withIdleTimeout(Duration.ofSeconds(5)));
        harness.close();
        harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), config(Map.of())), streams);
        customer(1, "gold", "DE", "09:00:00");
        order(101, 1, "10:00:00");
        order(102, 1, "10:10:00");
        assertThat(harness.records(ENRICHED)).isEmpty();   // customers' watermark 08:57 holds them

        harness.advanceWallClock(Duration.ofMillis(100));
        harness.advanceWallClock(Duration.ofSeconds(5));   // both partitions caught up and quiet: idle
        order(103, 1, "10:11:00");                        // orders read again: customers stay idle

        assertThat(tiers(harness.records(ENRICHED))).containsExactly("101 gold");
        customer(1, "silver", "DE", "10:05:00");   // after the idle partition: counts from the query's 10:08
        order(104, 1, "10:20:00");
        harness.advanceWallClock(Duration.ofSeconds(6));
        order(105, 1, "10:30:00");

        assertThat(tiers(harness.records(ENRICHED))).containsExactly("101 gold", "102 silver", "103 silver",
                "104 silver");
        assertThat(note(LookupNote.VERSION_AFTER_IDLE)).isEqualTo(1);
    }

    @Test
    void aCustomerRecordThatIsNotAVersionIsADeadLetterWithItsReasonAndTheOthersGoOn() {
        harness.pipe("customers", "1", "{\"customer_id\":1,\"tier\":\"gold\",\"valid_from\":\"2026-01-22T09:00:00Z\"}");
        harness.pipe("customers", "7", "{\"customer_id\":1,\"tier\":\"gold\",\"country\":\"DE\","
                + "\"valid_from\":\"2026-01-22T09:00:00Z\"}");
        harness.pipe("customers", "x", "{\"customer_id\":1,\"tier\":\"gold\",\"country\":\"DE\","
                + "\"valid_from\":\"2026-01-22T09:00:00Z\"}");
        harness.pipe("customers", "1", null);
        customer(1, "gold", "DE", "09:00:00");
        order(101, 1, "10:00:00");
        order(102, 1, "10:10:00");
        customer(2, "gold", "DE", "10:10:00");

        assertThat(harness.deadLetters()).extracting(record -> new String(
                        record.headers().lastHeader("x-error-reason").value(), StandardCharsets.UTF_8))
                .containsExactly("country missing", "key \"7\" is not the record's customer_id 1",
                        "key is not a customer_id in decimal: \"x\"", "value is null");
        assertThat(tiers(harness.records(ENRICHED))).containsExactly("101 gold");
    }

    @Test
    void theEnrichmentsStoresAndInternalTopicsKeepTheirNames() {
        TopologyDescription description = OrderWindowTopology.build(
                TestStreams.forDriver("naming").builder(), config(Map.of())).describe();

        assertThat(TopologyNames.stores(description)).contains("orders-enrichment-customers",
                "orders-enrichment-held", "orders-enrichment-watermarks", "orders-enrichment-by-customer-watermarks",
                "orders-enrichment-by-customer-batches");
        assertThat(TopologyNames.topics(description)).contains("customers", "orders-enriched",
                "orders-enrichment-by-customer-repartition");
    }

    @Test
    void queriesByTierAndByCountryKeepTheirRepartitionsNames() {
        TopologyDescription description = OrderWindowTopology.build(TestStreams.forDriver("naming").builder(),
                config(Map.of("shopstream.orders.queries[0].name", "revenue-by-tier",
                        "shopstream.orders.queries[0].size", "5m", "shopstream.orders.queries[0].group-by", "tier",
                        "shopstream.orders.queries[0].final-topic", "revenue-by-tier",
                        "shopstream.orders.queries[1].name", "revenue-by-country",
                        "shopstream.orders.queries[1].size", "5m",
                        "shopstream.orders.queries[1].group-by", "country",
                        "shopstream.orders.queries[1].final-topic", "revenue-by-country"))).describe();

        assertThat(TopologyNames.topics(description)).contains("orders-by-tier-repartition",
                "orders-by-country-repartition");
        assertThat(TopologyNames.stores(description)).contains("orders-by-tier-watermarks",
                "orders-by-country-watermarks");
        assertThat(processors(description)).contains("orders-by-tier-key", "orders-by-tier-orders",
                "orders-by-country-key", "orders-by-country-orders");
    }

    @Test
    void switchingItOnLeavesTheWindowsSubTopologiesNumberedAsTheyWere() {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        TopologyDescription off = OrderWindowTopology.build(TestStreams.forDriver("off").builder(),
                OrdersProperties.defaults().toConfig(common, common.lateTopic("orders-service"),
                        TestStreams.topics())).describe();
        TopologyDescription on = OrderWindowTopology.build(TestStreams.forDriver("on").builder(), config(Map.of()))
                .describe();

        Map<Integer, List<String>> withEnrichment = nodes(on);
        nodes(off).forEach((id, names) -> assertThat(withEnrichment.get(id)).as("sub-topology " + id)
                .containsAll(names));
        assertThat(withEnrichment).hasSize(off.subtopologies().size() + 1);
    }

    private static List<String> processors(TopologyDescription description) {
        return nodes(description).values().stream().flatMap(List::stream).toList();
    }

    private static Map<Integer, List<String>> nodes(TopologyDescription description) {
        Map<Integer, List<String>> out = new HashMap<>();
        description.subtopologies().forEach(sub -> out.put(sub.id(),
                sub.nodes().stream().map(TopologyDescription.Node::name).toList()));
        return out;
    }

    @Test
    void aHistoryRetentionShorterThanTheDelayRefusesToStartNamingTheSetting() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> config(Map.of("shopstream.orders.enrichment.history-retention", "1m")))
                .withMessageContaining("shopstream.orders.enrichment.history-retention (PT1M) must be at least the "
                        + "delay (PT3M)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> config(Map.of("shopstream.orders.enrichment.delay", "-1m")))
                .withMessageContaining("shopstream.orders.enrichment.delay must not be negative");
    }

    @Test
    void theEnrichmentIsOffByDefaultAndReadsNoCustomers() {
        ShopstreamProperties common = ShopstreamProperties.defaults();
        OrderWindowConfig defaults = OrdersProperties.defaults().toConfig(common, "late", TestStreams.topics());
        assertThat(defaults.enrichment()).isNull();
        assertThat(TopologyNames.topics(OrderWindowTopology.build(TestStreams.forDriver("off").builder(), defaults)
                .describe())).doesNotContain("customers", "orders-enriched");
    }

    private void startWith(Map<String, String> settings) {
        streams = TestStreams.forDriver("orders-service");
        harness = new StreamsHarness(OrderWindowTopology.build(streams.builder(), config(settings)), streams,
                WALL_CLOCK);
    }

    private static OrderWindowConfig config(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        all.put("shopstream.orders.enrichment.enabled", "true");
        ShopstreamProperties common = ShopstreamProperties.defaults();
        OrdersProperties orders = new Binder(new MapConfigurationPropertySource(all))
                .bindOrCreate("shopstream.orders", OrdersProperties.class);
        return orders.toConfig(common, common.lateTopic("orders-service"), TestStreams.topics());
    }

    /** @param validFrom a time on 2026-01-22, or an instant */
    private void customer(long id, String tier, String country, String validFrom) {
        String instant = validFrom.length() == 8 ? "2026-01-22T" + validFrom + "Z" : validFrom;
        harness.pipe("customers", Long.toString(id), "{\"customer_id\":" + id + ",\"tier\":\"" + tier
                + "\",\"country\":\"" + country + "\",\"valid_from\":\"" + instant + "\"}");
    }

    private void order(long orderId, long customerId, String time) {
        harness.pipe("orders", Long.toString(orderId), "{\"order_id\":" + orderId + ",\"customer_id\":" + customerId
                + ",\"amount\":1.00,\"order_ts\":\"2026-01-22T" + time + "Z\"}");
    }

    private long note(LookupNote note) {
        return streams.progress().query(CustomerEnrichment.QUERY, Duration.ofMinutes(3),
                List.of("orders", "customers")).lookupNotes(note);
    }

    private static Instant at(String time) {
        return Instant.parse("2026-01-22T" + time + "Z");
    }

    private static List<String> rows(List<OutputRecord> records) {
        return records.stream().map(record -> record.key() + " " + record.value()).toList();
    }

    private static List<String> tiers(List<OutputRecord> records) {
        return records.stream().map(record -> record.key() + " "
                + record.value().replaceAll(".*\"tier\":\"?([a-z]+)\"?,.*", "$1")).toList();
    }
}
