package com.shopstream.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.shopstream.common.testing.PartitionKeys;
import com.shopstream.eventtime.EventTimeBound;
import com.shopstream.eventtime.InputClocks;
import com.shopstream.eventtime.LatenessRule;
import com.shopstream.eventtime.SessionLateness;
import com.shopstream.eventtime.TimeWindowLateness;
import com.shopstream.harness.KafkaTopics.Message;
import com.shopstream.harness.KafkaTopics.Read;
import com.shopstream.harness.ShopStreamWriter;
import com.shopstream.simulator.GeneratedEvent;
import com.shopstream.simulator.GeneratorSettings;
import com.shopstream.simulator.ShopStreamGenerator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The promise of event time: replaying a backlog gives what the live run gave. One generated stream (disorder,
 * duplicates, orders 30 to 60 minutes late, orders 4 to 8 minutes late with their payments, payments inside and
 * outside the join bound, payments of another amount) into 3-partition topics, run
 * twice through the five services. Payments go in as providers send them, to {@code payments-raw} keyed by payment
 * id, and reach the join only through payments-service (its output, {@code payments-out} here, is the join's
 * payments input), so the join's late payments must not depend on how payments-service interleaves them:
 * <ul>
 *   <li><b>live</b>: the services run, the stream is produced at a fixed rate in the generator's order;</li>
 *   <li><b>backlog</b>, read at skewed speeds on purpose: partition 0 of every input topic is written first and the
 *       services drain it alone (its clocks run far ahead, the other partitions have none yet), then partitions 1
 *       and 2 are written and drained.</li>
 * </ul>
 * Every append topic is the same multiset in both runs, every late topic the same set, and the late records are
 * exactly what the contract's rules refuse when each input partition is read in its own order (the generator's very
 * late orders among them). Idleness is switched off (a long timeout): it is the one rule that depends on the wall
 * clock, and it has tests of its own. The same again with an allowed lateness of 2 minutes for orders-service and
 * session-service alone: their final topics are then upsert topics, and the last revision of every key is the same
 * in both runs (which revisions came before it may differ), the late records again exactly what the rules with the
 * lateness refuse per partition. And once more for orders-service with the enrichment and a window query grouped by
 * tier: every order gets the same customer version, and the tier windows the same final rows, in both runs.
 *
 * <p>{@code -Dshopstream.replay.orders=} and {@code -Dshopstream.replay.rate=} make it a measurement: the figures go
 * to the log and to {@code target/replay-vs-live.md} (see the module's README).
 */
class ReplayEqualsLiveTest {

    private static final Logger log = LoggerFactory.getLogger(ReplayEqualsLiveTest.class);
    private static final long ORDERS = Long.getLong("shopstream.replay.orders", 12_000);
    /** Orders per second of the live run: what the five services keep up with on two cores. */
    private static final long LIVE_RATE = Long.getLong("shopstream.replay.rate", 1_000);
    private static final int PARTITIONS = SuiteRun.PARTITIONS;
    private static final List<String> SETTINGS = List.of("--shopstream.watermark.idle-timeout=1h");
    /** The join's payments (judged by their payments-raw partition) with a delay of their own, longer than 3 min. */
    private static final Duration PAYMENTS_DELAY = Duration.ofMinutes(5);
    /**
     * The join reads what payments-service writes: payments-out (the fault tests' name for payments); its payments
     * input has a delay of its own, so that replay = live holds with a held-back input too.
     */
    private static final List<String> JOIN_SETTINGS = List.of("--shopstream.topics.payments=payments-out",
            "--shopstream.join.payments-delay=" + PAYMENTS_DELAY.toMinutes() + "m");
    private static final Map<String, List<String>> INPUTS = new LinkedHashMap<>(SuiteRun.INPUTS);

    static {
        INPUTS.put("join-service", List.of("orders", "payments-out"));
    }
    private static final Duration DELAY = Duration.ofMinutes(3);
    private static final Duration FIVE = Duration.ofMinutes(5);

    /** Each query that refuses late records: its late topic, what it reads, its rule, and inputs' own delays. */
    private record Query(String name, String lateTopic, List<String> inputs, LatenessRule rule,
                         Map<String, Duration> delays) {

        Query(String name, String lateTopic, List<String> inputs, LatenessRule rule) {
            this(name, lateTopic, inputs, rule, Map.of());
        }

        long delayOf(String topic) {
            return delays.getOrDefault(topic, DELAY).toMillis();
        }
    }

    /**
     * One way to run the services: which, with what settings, the groups to wait for, the queries whose late records
     * are checked, the append topics compared as multisets, and the upsert topics (final rows revised with an allowed
     * lateness) compared by the last revision of each key.
     */
    private record Variant(String name, Map<String, List<String>> services, Map<String, List<String>> inputs,
                           List<Query> queries, List<String> appendTopics, List<String> upsertTopics,
                           boolean customers) {

        Variant(String name, Map<String, List<String>> services, Map<String, List<String>> inputs,
                List<Query> queries, List<String> appendTopics, List<String> upsertTopics) {
            this(name, services, inputs, queries, appendTopics, upsertTopics, false);
        }
    }

    /** With an allowed lateness: windows and sessions revise their final rows; the other services have none. */
    private static final Duration LATENESS = Duration.ofMinutes(2);
    private static final Variant ALL_SERVICES = allServices();
    private static final Variant ALLOWED_LATENESS = new Variant("allowed lateness " + LATENESS.toMinutes() + " min",
            allowedLatenessServices(),
            Map.of("orders-service", List.of("orders"), "session-service", List.of("orders")),
            List.of(new Query("orders-per-5m", "orders-service-late", List.of("orders"),
                            new TimeWindowLateness(FIVE, FIVE, LATENESS)),
                    new Query("orders-per-10m-every-5m", "orders-service-late", List.of("orders"),
                            new TimeWindowLateness(Duration.ofMinutes(10), FIVE, LATENESS)),
                    new Query("customer-sessions", "session-service-late", List.of("orders"),
                            new SessionLateness(Duration.ofMinutes(3), LATENESS))),
            List.of(), List.of("orders-per-5m-final", "orders-per-10m-every-5m-final", "customer-sessions-final"));

    /**
     * orders-service with the enrichment and a window query grouped by tier, beside the 5-minute query: versions of
     * every customer read from {@code customers} (some behind their partition's watermark), written to the table
     * before the live stream, and partition by partition with the orders in the backlog.
     */
    private static final Variant ENRICHMENT = new Variant("enrichment", Map.of("orders-service", concat(SETTINGS,
            List.of("--shopstream.orders.enrichment.enabled=true",
                    "--shopstream.orders.queries[0].name=orders-per-5m", "--shopstream.orders.queries[0].size=5m",
                    "--shopstream.orders.queries[0].final-topic=orders-per-5m-final",
                    "--shopstream.orders.queries[1].name=revenue-by-tier", "--shopstream.orders.queries[1].size=5m",
                    "--shopstream.orders.queries[1].group-by=tier",
                    "--shopstream.orders.queries[1].final-topic=revenue-by-tier"))),
            Map.of("orders-service", List.of("orders", "customers")),
            List.of(new Query("orders-per-5m", "orders-service-late", List.of("orders"),
                            new TimeWindowLateness(FIVE, FIVE)),
                    new Query("revenue-by-tier", "orders-service-late", List.of("orders"),
                            new TimeWindowLateness(FIVE, FIVE))),
            List.of("orders-enriched", "orders-per-5m-final", "revenue-by-tier"), List.of(), true);
    private static final String[] TIERS = {"bronze", "silver", "gold"};

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    private static Variant allServices() {
        Map<String, List<String>> services = new LinkedHashMap<>();
        for (String module : SuiteRun.SERVICES.keySet()) {
            List<String> own = new ArrayList<>(SETTINGS);
            if (module.equals("join-service")) {
                own.addAll(JOIN_SETTINGS);
            }
            services.put(module, own);
        }
        return new Variant("every service", services, INPUTS, List.of(
                new Query("orders-per-5m", "orders-service-late", List.of("orders"),
                        new TimeWindowLateness(FIVE, FIVE)),
                new Query("orders-per-10m-every-5m", "orders-service-late", List.of("orders"),
                        new TimeWindowLateness(Duration.ofMinutes(10), FIVE)),
                new Query("customer-sessions", "session-service-late", List.of("orders"),
                        new SessionLateness(Duration.ofMinutes(3))),
                new Query("order-payment-join", "join-service-late", List.of("orders", "payments-raw"),
                        new EventTimeBound(), Map.of("payments-raw", PAYMENTS_DELAY)),
                new Query("orders-deduped", "dedup-service-late", List.of("orders"), new EventTimeBound()),
                new Query("orders-deduped-by-id", "dedup-service-late", List.of("orders"), new EventTimeBound())),
                OutputSnapshot.APPEND_TOPICS, List.of());
    }

    private static Map<String, List<String>> allowedLatenessServices() {
        List<String> lateness = List.of("--shopstream.orders.allowed-lateness=" + LATENESS.toMinutes() + "m",
                "--shopstream.session.allowed-lateness=" + LATENESS.toMinutes() + "m");
        Map<String, List<String>> services = new LinkedHashMap<>();
        for (String module : List.of("orders-service", "session-service")) {
            List<String> own = new ArrayList<>(SETTINGS);
            own.addAll(lateness);
            services.put(module, own);
        }
        return services;
    }

    @Test
    void aBacklogReadAtSkewedSpeedsGivesWhatTheLiveRunGave() throws Exception {
        replayEqualsLive(ALL_SERVICES, "replay-vs-live.md");
    }

    /**
     * With an allowed lateness the final topics are upsert topics: which revisions a window or session gets depends
     * on when its late orders came, its last revision does not; late records are what the rules with the lateness
     * refuse, per partition.
     */
    @Test
    void withAnAllowedLatenessTheLastRevisionsOfABacklogAreThoseOfTheLiveRun() throws Exception {
        replayEqualsLive(ALLOWED_LATENESS, "replay-vs-live-allowed-lateness.md");
    }

    /**
     * With the enrichment: every order is enriched with the same customer version in both runs, and the windows
     * grouped by tier have the same final rows.
     */
    @Test
    void withTheEnrichmentABacklogGetsTheCustomerVersionsTheLiveRunGot() throws Exception {
        replayEqualsLive(ENRICHMENT, "replay-vs-live-enrichment.md");
    }

    private static void replayEqualsLive(Variant variant, String reportFile) throws Exception {
        GeneratorSettings settings = settings();
        ShopStream stream = ShopStream.generate(settings, 0);

        Outcome live = live(variant, settings, stream);
        Outcome backlog = backlog(variant, settings, stream);

        assertThat(backlog.inputs).as("the same stream in both runs").isEqualTo(live.inputs);
        if (variant.customers()) {
            assertThat(lateVersions(customerVersions(settings))).as("versions behind their partition's watermark")
                    .isPositive();
            assertThat(live.outputs.appendRows().get("orders-enriched").keySet())
                    .as("orders enriched with each tier, and without a version").anyMatch(row -> row.contains("gold"))
                    .anyMatch(row -> row.contains("\"tier\":null"));
        }
        Map<String, Set<String>> expectedLate = expectedLate(variant, stream);
        Set<Long> veryLate = veryLateOrders(settings);
        assertThat(veryLate).as("the stream has very late orders").isNotEmpty();
        List<String> report = new ArrayList<>(List.of(String.format("%s: %,d orders (seed %d), %d partitions; live "
                        + "at %,d orders/s (%.0f s), backlog drained in %.0f s; input records %s", variant.name(),
                ORDERS, settings.seed(), PARTITIONS, LIVE_RATE, live.seconds, backlog.seconds, live.inputs), "",
                "| output | rows live | rows backlog | only live | only backlog |", "|---|---:|---:|---:|---:|"));
        for (String topic : variant.appendTopics()) {
            Map<String, Integer> a = live.outputs.appendRows().get(topic);
            Map<String, Integer> b = backlog.outputs.appendRows().get(topic);
            report.add(String.format("| %s | %,d | %,d | %,d | %,d |", topic, live.outputs.appendRowCount(topic),
                    backlog.outputs.appendRowCount(topic), total(minus(a, b)), total(minus(b, a))));
        }
        for (String topic : variant.upsertTopics()) {
            Map<String, String> a = lastRevisions(topic, live.outputs.finalReads().get(topic));
            Map<String, String> b = lastRevisions(topic, backlog.outputs.finalReads().get(topic));
            List<Read> liveRows = live.outputs.finalReads().get(topic);
            List<Read> backlogRows = backlog.outputs.finalReads().get(topic);
            report.add(String.format("| %s (keys; rows live %,d, backlog %,d; rows with revision ≥ 2 live %,d, "
                            + "backlog %,d) | %,d | %,d | %,d | %,d |", topic, liveRows.size(), backlogRows.size(),
                    revised(liveRows), revised(backlogRows), a.size(), b.size(), differing(a, b), differing(b, a)));
        }
        report.addAll(List.of("", "| query | late live | late backlog | expected (rules, partition order) |",
                "|---|---:|---:|---:|"));
        for (Query query : variant.queries()) {
            report.add(String.format("| %s | %,d | %,d | %,d |", query.name(), late(live, query).size(),
                    late(backlog, query).size(), expectedLate.get(query.name()).size()));
        }
        String text = String.join("\n", report);
        log.info("replay against live:\n{}", text);
        Path out = Path.of("target", reportFile);
        Files.createDirectories(out.getParent());
        Files.writeString(out, text + "\n", StandardCharsets.UTF_8);

        for (String topic : variant.appendTopics()) {
            assertThat(live.outputs.appendRowCount(topic)).as(topic + " has rows").isPositive();
            assertThat(backlog.outputs.appendRows().get(topic)).as(topic + ": backlog as live")
                    .isEqualTo(live.outputs.appendRows().get(topic));
        }
        if (variant.appendTopics().contains("payments-unmatched")) {
            assertThat(live.outputs.rows("payments-unmatched")).as("payments unmatched for both reasons")
                    .anyMatch(row -> row.contains("\"reason\":\"order_late\""))
                    .anyMatch(row -> row.contains("\"reason\":\"no_order\""));
        }
        for (String topic : variant.upsertTopics()) {
            Map<String, String> liveLast = lastRevisions(topic, live.outputs.finalReads().get(topic));
            assertThat(liveLast).as(topic + " has keys").isNotEmpty();
            assertThat(lastRevisions(topic, backlog.outputs.finalReads().get(topic)))
                    .as(topic + ": last revisions, backlog as live").isEqualTo(liveLast);
            assertThat(revised(live.outputs.finalReads().get(topic))).as(topic + ": some final rows revised live")
                    .isPositive();
        }
        for (String topic : lateTopics(variant)) {
            assertThat(lateSet(backlog, topic)).as(topic + ": backlog as live").isEqualTo(lateSet(live, topic));
        }
        for (Query query : variant.queries()) {
            assertThat(late(live, query)).as(query.name() + ": late = what its rule refuses in partition order")
                    .isEqualTo(expectedLate.get(query.name()));
            assertThat(ids(late(live, query))).as(query.name() + ": the very late orders among them")
                    .containsAll(veryLate);
        }
        for (Outcome outcome : List.of(live, backlog)) {
            outcome.outputs.lateRecords().values().forEach(records -> assertThat(records)
                    .allSatisfy(r -> assertThat(r.headers()).containsEntry("x-late-cause", "partition-watermark")));
        }
    }

    private static List<String> lateTopics(Variant variant) {
        return variant.queries().stream().map(Query::lateTopic).distinct().toList();
    }

    private static final Pattern REVISION = Pattern.compile("\"revision\":(\\d+)");

    /**
     * What a consumer (or compaction) keeps of an upsert topic read in offset order: the last row of each key, a key
     * whose last row is a tombstone gone. Checks the order it relies on: every final row has a revision, a key's
     * revisions go up, and a tombstone is the last row of its key.
     */
    private static Map<String, String> lastRevisions(String topic, List<Read> reads) {
        Map<String, String> last = new TreeMap<>();
        Map<String, Integer> revision = new HashMap<>();
        Set<String> deleted = new TreeSet<>();
        for (Read read : reads) {
            assertThat(deleted).as(topic + ": a row after the tombstone of " + read.key()).doesNotContain(read.key());
            if (read.value() == null) {
                deleted.add(read.key());
                last.remove(read.key());
                continue;
            }
            Matcher matcher = REVISION.matcher(read.value());
            assertThat(matcher.find()).as(topic + ": a revision in " + read.value()).isTrue();
            int number = Integer.parseInt(matcher.group(1));
            // a session merged under a new start goes on from the revisions of what it absorbed
            assertThat(number).as(topic + ": the revision after " + revision.get(read.key()) + " of " + read.key())
                    .isGreaterThan(revision.getOrDefault(read.key(), 0));
            revision.put(read.key(), number);
            last.put(read.key(), read.value().replaceAll(",\"revision\":\\d+", ""));
        }
        return last;
    }

    /** Rows that revise a final row written before (revision 2 or more). */
    private static long revised(List<Read> reads) {
        return reads.stream().filter(read -> read.value() != null).map(read -> REVISION.matcher(read.value()))
                .filter(Matcher::find).filter(matcher -> Integer.parseInt(matcher.group(1)) > 1).count();
    }

    private static long differing(Map<String, String> a, Map<String, String> b) {
        return a.entrySet().stream().filter(e -> !e.getValue().equals(b.get(e.getKey()))).count();
    }

    /**
     * Orders 100 ms apart (a live rate of 1,000/s runs 10 × event time): 20 minutes of windows and sessions, ending 25
     * minutes ago, so that the closing records (20 minutes after the stream) are behind the broker's clock in both runs
     * and close the same windows however late each run writes them.
     */
    private static GeneratorSettings settings() {
        Duration spacing = Duration.ofMillis(100);
        Instant start = Instant.now().minus(spacing.multipliedBy(ORDERS)).minus(Duration.ofMinutes(25))
                .truncatedTo(ChronoUnit.MINUTES);
        // slightly late orders whose payments may be on time: the join's order_late reason, which must not depend on
        // read speed either
        return GeneratorSettings.defaults(13, ORDERS).withSpacing(spacing).withStart(start)
                .withSlightlyLateShare(0.02);
    }

    private record Outcome(OutputSnapshot outputs, Map<String, Long> inputs, double seconds) {
    }

    /**
     * Three versions of each of the stream's customers but the last ten (who get none), valid from times spread over
     * the stream; one version in ten comes after up to 1,000 newer ones (some behind their partition's watermark).
     */
    private static List<Message> customerVersions(GeneratorSettings settings) {
        java.util.Random random = new java.util.Random(settings.seed());
        long start = settings.start().toEpochMilli() - Duration.ofMinutes(10).toMillis();
        long span = settings.spacing().toMillis() * settings.orders() + Duration.ofMinutes(10).toMillis();
        List<long[]> versions = new ArrayList<>();   // customer, valid from, tier
        for (long customer = 1; customer <= settings.customers() - 10; customer++) {
            for (int v = 0; v < 3; v++) {
                versions.add(new long[] {customer, start + (long) (random.nextDouble() * span),
                        random.nextInt(TIERS.length)});
            }
        }
        versions.sort(java.util.Comparator.comparingLong(version -> version[1]));
        for (int i = 0; i + 1 < versions.size(); i += 10) {
            long[] late = versions.remove(i);   // behind the ones after it, up to 10 minutes
            int at = Math.min(versions.size(), i + random.nextInt(1_000));
            versions.add(at, late);
        }
        List<Message> out = new ArrayList<>();
        for (long[] version : versions) {
            out.add(Message.of(Long.toString(version[0]), "{\"customer_id\":" + version[0] + ",\"tier\":\""
                    + TIERS[(int) version[2]] + "\",\"country\":\"DE\",\"valid_from\":\""
                    + Instant.ofEpochMilli(version[1]) + "\"}"));
        }
        return out;
    }

    /** How many versions come behind their {@code customers} partition's watermark (its newest valid_from − 3 min). */
    private static long lateVersions(List<Message> versions) {
        Map<Integer, Long> newest = new HashMap<>();
        long late = 0;
        for (Message version : versions) {
            int partition = PartitionKeys.partitionOf(new String(version.key(), StandardCharsets.UTF_8), PARTITIONS);
            long validFrom = Instant.parse(new String(version.value(), StandardCharsets.UTF_8)
                    .replaceAll(".*\"valid_from\":\"([^\"]+)\".*", "$1")).toEpochMilli();
            if (newest.containsKey(partition) && validFrom < newest.get(partition) - DELAY.toMillis()) {
                late++;
            }
            newest.merge(partition, validFrom, Math::max);
        }
        return late;
    }

    /** A version per customers partition far after the stream, so the enrichment's watermark passes every order. */
    private static List<Message> closingVersions(ShopStream stream) {
        String validFrom = Instant.ofEpochMilli(stream.lastEventTime).plus(Duration.ofMinutes(20)).toString();
        return PartitionKeys.onePerPartition(PARTITIONS, ShopStream.CLOSING_ORDER_ID, Long::toString).stream()
                .map(id -> Message.of(Long.toString(id), "{\"customer_id\":" + id + ",\"tier\":\"closing\","
                        + "\"country\":\"DE\",\"valid_from\":\"" + validFrom + "\"}")).toList();
    }

    private static Outcome live(Variant variant, GeneratorSettings settings, ShopStream stream) throws Exception {
        try (SuiteRun run = SuiteRun.start("replay-live")) {
            if (variant.customers()) {
                run.topics.create(List.of("revenue-by-tier"), PARTITIONS);
                run.topics.write("customers", customerVersions(settings));   // the table first, as a user loads it
            }
            startServices(run, variant);
            long started = System.nanoTime();
            ShopStreamWriter.Sent sent = ShopStreamWriter.write(run.broker.bootstrap(), settings,
                    new ShopStreamWriter.InputTopics("orders", "payments-raw", null), LIVE_RATE);
            log.info("live: {} orders in {} s", sent.orders(), String.format("%.1f", sent.seconds()));
            return finish(run, variant, stream, started);
        }
    }

    private static Outcome backlog(Variant variant, GeneratorSettings settings, ShopStream stream) throws Exception {
        try (SuiteRun run = SuiteRun.start("replay-backlog")) {
            Map<String, Map<Integer, List<Message>>> byPartition = new LinkedHashMap<>();
            for (String topic : List.of("orders", "payments-raw")) {
                byPartition.put(topic, byPartition(stream.records.get(topic)));
            }
            if (variant.customers()) {
                run.topics.create(List.of("revenue-by-tier"), PARTITIONS);
                byPartition.put("customers", byPartition(customerVersions(settings)));
            }
            byPartition.forEach((topic, partitions) -> run.topics.write(topic, partitions.getOrDefault(0, List.of())));
            long started = System.nanoTime();
            startServices(run, variant);
            // partition 0 alone: its clocks run ahead while the other partitions have none
            run.awaitDrained(variant.inputs(), SuiteRun.DRAIN);
            for (int p = 1; p < PARTITIONS; p++) {
                int partition = p;
                byPartition.forEach((topic, partitions) ->
                        run.topics.write(topic, partitions.getOrDefault(partition, List.of())));
            }
            return finish(run, variant, stream, started);
        }
    }

    /** The variant's services (every service: the join reading payments-service's output); once all are ready. */
    private static void startServices(SuiteRun run, Variant variant) {
        variant.services().forEach((module, settings) -> run.startService(module, module, settings));
        run.instances().forEach(p -> p.awaitReady(Duration.ofMinutes(3)));
    }

    private static Outcome finish(SuiteRun run, Variant variant, ShopStream stream, long started) throws Exception {
        run.awaitDrained(variant.inputs(), SuiteRun.DRAIN);
        double seconds = (System.nanoTime() - started) / 1e9;
        if (variant.customers()) {
            run.topics.write("customers", closingVersions(stream));
        }
        run.finish(stream, variant.inputs());
        for (var service : run.instances()) {
            assertThat(service.isAlive() && service.isReady()).as(service.name() + " ready at the end").isTrue();
        }
        Map<String, Long> inputs = new LinkedHashMap<>();
        for (String topic : ShopStream.INPUT_TOPICS) {
            inputs.put(topic, run.recordCount(topic));
        }
        return new Outcome(OutputSnapshot.of(run, variant.appendTopics()), inputs, seconds);
    }

    private static Map<Integer, List<Message>> byPartition(List<Message> messages) {
        Map<Integer, List<Message>> out = new TreeMap<>();
        for (Message message : messages) {
            out.computeIfAbsent(PartitionKeys.partitionOf(new String(message.key(), StandardCharsets.UTF_8),
                    PARTITIONS), p -> new ArrayList<>()).add(message);
        }
        return out;
    }

    /**
     * What each query refuses when each input partition is read in its own order: every record judged against its
     * partition's watermark just before it (the rules of common, unit-tested one by one). A payment's partition is
     * its {@code payments-raw} partition, whose order payments-service keeps; it is refused under its order id.
     */
    private static Map<String, Set<String>> expectedLate(Variant variant, ShopStream stream) {
        Map<String, Set<String>> late = new LinkedHashMap<>();
        variant.queries().forEach(q -> late.put(q.name(), new TreeSet<>()));
        for (String topic : List.of("orders", "payments-raw")) {
            Map<Integer, Long> newest = new HashMap<>();
            for (Message message : stream.records.get(topic)) {
                String partitionKey = new String(message.key(), StandardCharsets.UTF_8);
                int partition = PartitionKeys.partitionOf(partitionKey, PARTITIONS);
                String key = topic.equals("orders") ? partitionKey
                        : new String(message.value(), StandardCharsets.UTF_8).replaceAll(".*\"order_id\":(\\d+).*", "$1");
                long eventTime = eventTime(new String(message.value(), StandardCharsets.UTF_8));
                long before = newest.getOrDefault(partition, InputClocks.NONE);
                for (Query query : variant.queries()) {
                    long watermark = before == InputClocks.NONE ? InputClocks.NONE : before - query.delayOf(topic);
                    if (query.inputs().contains(topic) && !query.rule().refusal(eventTime, watermark).none()) {
                        late.get(query.name()).add(key + "@" + eventTime);
                    }
                }
                newest.merge(partition, eventTime, Math::max);
            }
        }
        return late;
    }

    /** The generator's orders 30 to 60 minutes behind the stream: late for every query, however it is read. */
    private static Set<Long> veryLateOrders(GeneratorSettings settings) {
        Set<Long> ids = new TreeSet<>();
        ShopStreamGenerator generator = new ShopStreamGenerator(settings);
        while (generator.hasNext()) {
            GeneratedEvent event = generator.next();
            if (event.kind() == GeneratedEvent.Kind.LATE_ORDER) {
                ids.add(event.orderId());
            }
        }
        return ids;
    }

    /** A query's late records as {@code key@event time}. */
    private static Set<String> late(Outcome outcome, Query query) {
        Set<String> out = new TreeSet<>();
        for (Read read : outcome.outputs.lateRecords().get(query.lateTopic())) {
            if (query.name().equals(read.headers().get("x-late-query"))) {
                out.add(read.key() + "@" + eventTime(read.value()));
            }
        }
        return out;
    }

    private static Set<String> lateSet(Outcome outcome, String topic) {
        Set<String> out = new TreeSet<>();
        outcome.outputs.lateRecords().get(topic).forEach(r -> out.add(r.headers().get("x-late-query") + " "
                + r.key() + " " + r.value()));
        return out;
    }

    private static Set<Long> ids(Set<String> late) {
        Set<Long> out = new TreeSet<>();
        late.forEach(l -> out.add(Long.parseLong(l.substring(0, l.indexOf('@')))));
        return out;
    }

    private static final Pattern TIME = Pattern.compile("\"(?:order_ts|paid_ts)\":\"([^\"]+)\"");

    private static long eventTime(String json) {
        Matcher time = TIME.matcher(json);
        if (!time.find()) {
            throw new IllegalArgumentException("no event time in " + json);
        }
        return Instant.parse(time.group(1)).toEpochMilli();
    }

    /** The rows of {@code a} not matched by a row of {@code b} (a multiset difference). */
    private static Map<String, Integer> minus(Map<String, Integer> a, Map<String, Integer> b) {
        Map<String, Integer> out = new TreeMap<>();
        a.forEach((row, count) -> {
            int more = count - b.getOrDefault(row, 0);
            if (more > 0) {
                out.put(row, more);
            }
        });
        return out;
    }

    private static long total(Map<String, Integer> rows) {
        return rows.values().stream().mapToLong(Integer::longValue).sum();
    }
}
